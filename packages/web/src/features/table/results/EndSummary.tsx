// The end summary (game-table.md section 2, the endgame dialog; issue 37 point 4): who won, every
// player by name and colour with their scores in full, the rules' words for the end, and the way on:
// Rematch, the full statistics, the results. It sits beside the board, in the side column (below the
// board where the window is narrow), never over it: the final position stays in view.
//
// Non-modal: the board, the log, the chat and the replay stay usable beside it. It opens by itself once
// per user per table (useEndSummary.ts); the focus moves into it then, Escape or Close closes it and the
// focus goes back where it was. The results area opens it again.
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Situation } from "@tt/engine";
import type { TableLoadResponse } from "@tt/protocol";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useCurrentUser } from "../../../services/auth";
import { gameResult, winnerLine } from "./endgame";
import { keepFocus, returnFocus } from "./focusReturn";
import { RematchButton, RematchInviteNotice } from "./Rematch";
import { useRematchInvite } from "./rematchApi";
import { OVERVIEW_SECTION_ID, scrollToSection } from "./resultsNav";
import { StatsOverlay } from "./StatsOverlay";
import { Swatch } from "./StatTables";
import { overviewColumns, playerLabel, scoreRows } from "./scores";
import type { EndSummaryState } from "./useEndSummary";
import { useDescribeStat, useOverviewStats } from "./useOverviewStats";

export const ENDGAME_TITLE = "Game over";
export const FINAL_SCORES = "Final scores";
export const SHOW_STATISTICS = "Show statistics";
export const GO_TO_RESULTS = "Go to results";

/**
 * What an ended table shows beside its board: the invitation to a rematch another player made, and
 * the end summary while it is open.
 */
export function EndPanel(props: {
  table: TableLoadResponse;
  situation: Situation;
  summary: EndSummaryState;
}) {
  const { table, situation, summary } = props;
  const me = useCurrentUser().data?.username ?? null;
  const seated = table.yourSeat !== null;
  const invite = useRematchInvite(table.tableId, seated);
  if (!summary.open && (invite === null || invite.by === me)) return null;
  return (
    <Stack spacing={2}>
      {invite !== null && invite.by !== me && <RematchInviteNotice invite={invite} />}
      {summary.open && (
        <EndSummary
          table={table}
          situation={situation}
          seated={seated}
          asked={summary.asked}
          onClose={summary.close}
        />
      )}
    </Stack>
  );
}

function EndSummary(props: {
  table: TableLoadResponse;
  situation: Situation;
  seated: boolean;
  /** Opened from the results, below the board: brought into view as it opens. */
  asked: boolean;
  onClose: () => void;
}) {
  const { table, situation, seated, asked } = props;
  const tableId = table.tableId;
  const overview = useOverviewStats(table, situation);
  const describe = useDescribeStat(table, situation);
  const columns = overviewColumns(overview, situation);
  const rows = scoreRows(situation, table.playerColors, columns);
  const result = gameResult(situation.stats);
  const winner = winnerLine(result, table.playerColors);
  const [statsOpen, setStatsOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // Set when the person closes it (not when the page is drawn anew around it): the focus goes back.
  const closing = useRef(false);
  const onClose = () => {
    closing.current = true;
    props.onClose();
  };

  useEffect(() => {
    keepFocus(tableId);
    // Opened by itself it is not scrolled to: where the window is narrow it is below the board, which
    // stays in view. Asked for from the results, it is brought into view.
    if (asked) ref.current?.scrollIntoView({ block: "nearest" });
    ref.current?.focus({ preventScroll: true });
    return () => {
      if (!closing.current) return;
      closing.current = false;
      // Only when the focus is still ours to give: not when it has moved on ('Go to results').
      const active = document.activeElement;
      returnFocus(tableId, active === null || active === document.body);
    };
  }, [tableId, asked]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape") return;
    // The table's own keys (useTableInput, on the window) do not see this Escape.
    event.stopPropagation();
    onClose();
  };
  return (
    <Paper
      ref={ref}
      role="dialog"
      aria-modal="false"
      aria-labelledby="endgame-dialog-title"
      tabIndex={-1}
      elevation={3}
      onKeyDown={onKeyDown}
      data-endgame-dialog="true"
      sx={{
        p: 2,
        outline: "none",
        "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main" },
      }}
    >
      <Typography id="endgame-dialog-title" variant="h6" component="h2">
        {ENDGAME_TITLE}
      </Typography>
      {winner !== null && (
        <Typography sx={{ fontWeight: 700, mt: 1 }} data-endgame-winner="true">
          {winner}
        </Typography>
      )}
      {result.text !== null && <Typography color="text.secondary">{result.text}</Typography>}
      {rows.length === 0 || columns.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          This game keeps no scores.
        </Typography>
      ) : (
        // One entry a player, each score under its name: as many as the game keeps, wrapped, never cut.
        <Box component="ul" aria-label={FINAL_SCORES} sx={{ listStyle: "none", m: 0, mt: 1, p: 0 }}>
          {rows.map((r) => (
            <Box component="li" key={r.color} sx={{ py: 0.75, borderTop: 1, borderColor: "divider" }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>
                <Swatch color={r.color} />
                {playerLabel(r)}
              </Typography>
              <Box
                component="dl"
                sx={{
                  display: "flex",
                  flexWrap: "wrap",
                  columnGap: 2,
                  rowGap: 0.25,
                  m: 0,
                  fontSize: "0.875rem",
                }}
              >
                {columns.map((c) => (
                  <Box key={c.name} sx={{ display: "flex", gap: 0.5 }}>
                    <Box component="dt" sx={{ color: "text.secondary" }}>
                      {c.displayName}
                    </Box>
                    <Box component="dd" sx={{ m: 0, fontWeight: 600 }}>
                      {r.values[c.name]}
                    </Box>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      <Stack spacing={1} sx={{ mt: 2 }}>
        {seated && <RematchButton tableId={tableId} />}
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
          <Button variant="outlined" onClick={() => setStatsOpen(true)}>
            {SHOW_STATISTICS}
          </Button>
          <Button
            onClick={() => {
              closing.current = true;
              props.onClose();
              scrollToSection(OVERVIEW_SECTION_ID);
            }}
          >
            {GO_TO_RESULTS}
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Stack>
      </Stack>
      <StatsOverlay
        open={statsOpen}
        onClose={() => setStatsOpen(false)}
        situation={situation}
        overview={overview}
        describe={describe}
      />
    </Paper>
  );
}

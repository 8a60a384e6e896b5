// The endgame dialog (game-table.md section 2): when the game ends, as the end arrives or when an
// ended table is opened, it says who won, with the scores in the game's overview stats, and leads to
// the stats overlay and to the results below the board.
//
// A non-modal dialog: the finished board, the log, the replay and the results stay usable beside it
// (a modal would hold the whole page behind a backdrop until it is closed). It still behaves as a
// dialog for the keyboard: the focus moves into it when it opens, Escape closes it, and the focus goes
// back where it was.
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { OverviewStat } from "@tt/engine";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { keepFocus, returnFocus } from "./focusReturn";
import { ScoreTable } from "./StatTables";
import type { ScoreRow } from "./scores";

export const ENDGAME_TITLE = "Game over";
export const FINAL_SCORES = "Final scores";
export const SHOW_STATISTICS = "Show statistics";
export const GO_TO_RESULTS = "Go to results";

export function EndgameDialog(props: {
  tableId: string;
  open: boolean;
  /** 'Winner: ann (red)', 'Draw', or null when the result names no winner. */
  winner: string | null;
  /** The rule module's own words for the end, when it gives them. */
  text: string | null;
  rows: ScoreRow[];
  columns: OverviewStat[];
  onClose: () => void;
  onShowStatistics: () => void;
  onGoToResults: () => void;
}) {
  const { tableId, open, winner, text, rows, columns } = props;
  const ref = useRef<HTMLDivElement>(null);
  // Set when the person closes it (not when the page is drawn anew around it): the focus goes back.
  const closing = useRef(false);
  const onClose = () => {
    closing.current = true;
    props.onClose();
  };

  useEffect(() => {
    if (!open) return;
    keepFocus(tableId);
    ref.current?.focus();
    return () => {
      if (!closing.current) return;
      closing.current = false;
      // Only when the focus is still ours to give: not when it has moved on ('Go to results').
      const active = document.activeElement;
      returnFocus(tableId, active === null || active === document.body);
    };
  }, [open, tableId]);

  if (!open) return null;
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
      elevation={8}
      onKeyDown={onKeyDown}
      data-endgame-dialog="true"
      sx={{
        position: "fixed",
        left: 16,
        bottom: 16,
        // Above the board and the page's bars, below MUI's modals (the feedback dialog, the overlay).
        zIndex: (theme) => theme.zIndex.modal - 1,
        width: "min(460px, calc(100vw - 32px))",
        maxHeight: "min(70vh, 560px)",
        overflowY: "auto",
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
      {text !== null && <Typography color="text.secondary">{text}</Typography>}
      <Box sx={{ mt: 1 }}>
        {rows.length === 0 || columns.length === 0 ? (
          <Typography color="text.secondary">This game keeps no scores.</Typography>
        ) : (
          <ScoreTable rows={rows} columns={columns} label={FINAL_SCORES} />
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: "flex-end", flexWrap: "wrap" }}>
        <Button variant="contained" onClick={props.onShowStatistics}>
          {SHOW_STATISTICS}
        </Button>
        <Button
          onClick={() => {
            closing.current = true;
            props.onGoToResults();
          }}
        >
          {GO_TO_RESULTS}
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Stack>
    </Paper>
  );
}

// The ended-table page's results (game-table.md section 2): 'Score overview', 'Feedback' and 'Full
// statistics' as collapsible sections, a quick-navigation speed dial to them and to the board, and
// the feedback dialog (section 4); the stats overlay (section 2) and the end summary beside the board
// (EndSummary.tsx) opened again from here, and Rematch. The table page renders this once the table
// has ended.
import BarChartIcon from "@mui/icons-material/BarChart";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import FeedbackIcon from "@mui/icons-material/Feedback";
import GridOnIcon from "@mui/icons-material/GridOn";
import TableChartIcon from "@mui/icons-material/TableChart";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import SpeedDial from "@mui/material/SpeedDial";
import SpeedDialAction from "@mui/material/SpeedDialAction";
import SpeedDialIcon from "@mui/material/SpeedDialIcon";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Situation } from "@tt/engine";
import { EDITED_GAME_NOTICE, type TableLoadResponse } from "@tt/protocol";
import { type ReactNode, useRef, useState } from "react";
import { useTableFeedback } from "./api";
import { FeedbackDialog } from "./FeedbackDialog";
import { FeedbackSection } from "./FeedbackSection";
import { feedbackColor } from "./feedbackAnswers";
import { RematchButton } from "./Rematch";
import { OVERVIEW_SECTION_ID, scrollToElement, scrollToSection } from "./resultsNav";
import { ScoreChart } from "./ScoreChart";
import { StatsOverlay } from "./StatsOverlay";
import { FullStatistics, ScoreTable } from "./StatTables";
import { chartedStat, overviewColumns, scoreRows } from "./scores";
import type { EndSummaryState } from "./useEndSummary";
import { useDescribeStat, useOverviewStats } from "./useOverviewStats";

export const SHOW_STATISTICS_OVER_BOARD = "Show statistics over the board";
export const SHOW_SUMMARY = "Show the game summary";

type SectionKey = "overview" | "feedback" | "statistics";

const SECTIONS: { key: SectionKey; id: string; title: string }[] = [
  { key: "overview", id: OVERVIEW_SECTION_ID, title: "Score overview" },
  { key: "feedback", id: "results-feedback", title: "Feedback" },
  { key: "statistics", id: "results-statistics", title: "Full statistics" },
];

const SHORTCUTS: { target: SectionKey | "table"; name: string; icon: ReactNode }[] = [
  { target: "table", name: "Go to the table", icon: <GridOnIcon /> },
  { target: "overview", name: "Go to the score overview", icon: <BarChartIcon /> },
  { target: "feedback", name: "Go to feedback", icon: <FeedbackIcon /> },
  { target: "statistics", name: "Go to full statistics", icon: <TableChartIcon /> },
];

function scrollToKey(key: SectionKey) {
  scrollToSection(SECTIONS.find((s) => s.key === key)!.id);
}

export function EndedResults(props: {
  table: TableLoadResponse;
  situation: Situation;
  user: string | null;
  /** The end summary beside the board, which the results open again. */
  summary: EndSummaryState;
}) {
  const { table, situation, user, summary } = props;
  const overview = useOverviewStats(table, situation);
  const describe = useDescribeStat(table, situation);
  const columns = overviewColumns(overview, situation);
  const rows = scoreRows(situation, table.playerColors, columns);
  const charted = chartedStat(columns);
  // Feedback is the seated players' (section 6): a spectator sees no form and no dialog.
  const color = feedbackColor(table.yourSeat);
  // Whether edit moves changed the result comes with the table's feedback form (asked for spectators
  // too), which the server answers once it has stored the end.
  const edited = useTableFeedback(table.tableId).data?.edited === true;
  const [expanded, setExpanded] = useState<Record<SectionKey, boolean>>({
    overview: true,
    feedback: true,
    statistics: false,
  });
  const [dialOpen, setDialOpen] = useState(false);
  const [statsOpen, setStatsOpen] = useState(false);
  // MUI's dial opens when the pointer enters it or the button takes the focus (a mouse press focuses
  // it a moment before the click), so the click that follows would close it again: the first click
  // after such an opening keeps it open, as the person clicking meant.
  const dialOpenedByHover = useRef(false);
  // A shortcut to a collapsed section opens it and scrolls once it has grown: scrolling at once
  // would stop short where the page still ended.
  const pendingScroll = useRef<SectionKey | null>(null);
  const go = (target: SectionKey | "table") => {
    setDialOpen(false);
    if (target === "table") {
      scrollToElement(document.querySelector('[role="application"][aria-label="Game board"]'));
    } else if (expanded[target]) {
      scrollToKey(target);
    } else {
      pendingScroll.current = target;
      setExpanded((e) => ({ ...e, [target]: true }));
    }
  };
  const entered = (key: SectionKey) => {
    if (pendingScroll.current !== key) return;
    pendingScroll.current = null;
    scrollToKey(key);
  };

  const content: Record<SectionKey, ReactNode> = {
    overview: (
      <Stack spacing={2}>
        {/* Above the scores, in words (the icon and colour only repeat it): they are not the rules'. */}
        {edited && (
          <Alert severity="warning" role="note">
            {EDITED_GAME_NOTICE}
          </Alert>
        )}
        {rows.length === 0 || columns.length === 0 ? (
          <Typography color="text.secondary">This game keeps no scores.</Typography>
        ) : (
          <>
            <ScoreTable rows={rows} columns={columns} />
            {charted && <ScoreChart rows={rows} stat={charted} />}
          </>
        )}
      </Stack>
    ),
    feedback:
      color === null ? (
        <Typography color="text.secondary">
          Feedback is given by the players who sat at this table.
        </Typography>
      ) : (
        <FeedbackSection tableId={table.tableId} color={color} user={user} />
      ),
    statistics: <FullStatistics situation={situation} overview={overview} describe={describe} />,
  };

  return (
    <Box component="section" aria-label="Results" sx={{ mt: 3, mb: 10 }}>
      <Stack direction="row" sx={{ mb: 2, flexWrap: "wrap", gap: 1, alignItems: "flex-start" }}>
        {/* A seated player's way to play again, also once the summary is closed. */}
        {table.yourSeat !== null && <RematchButton tableId={table.tableId} variant="outlined" />}
        {!summary.open && (
          <Button variant="outlined" onClick={summary.show}>
            {SHOW_SUMMARY}
          </Button>
        )}
        <Button variant="outlined" onClick={() => setStatsOpen(true)}>
          {SHOW_STATISTICS_OVER_BOARD}
        </Button>
      </Stack>
      {SECTIONS.map((s) => (
        <Accordion
          key={s.key}
          id={s.id}
          expanded={expanded[s.key]}
          onChange={(_event, open) => setExpanded((e) => ({ ...e, [s.key]: open }))}
          slotProps={{ transition: { onEntered: () => entered(s.key) } }}
        >
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            aria-controls={`${s.id}-body`}
            id={`${s.id}-header`}
          >
            {/* The summary is already a heading (h3): the title is its text. */}
            <Typography component="span" sx={{ fontSize: "1.1rem", fontWeight: 600 }}>
              {s.title}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>{content[s.key]}</AccordionDetails>
        </Accordion>
      ))}
      <StatsOverlay
        open={statsOpen}
        onClose={() => setStatsOpen(false)}
        situation={situation}
        overview={overview}
        describe={describe}
      />
      {color !== null && <FeedbackDialog tableId={table.tableId} color={color} user={user} />}
      <SpeedDial
        ariaLabel="Quick navigation"
        icon={<SpeedDialIcon />}
        open={dialOpen}
        onOpen={(_, reason) => {
          dialOpenedByHover.current = reason === "mouseEnter" || reason === "focus";
          setDialOpen(true);
        }}
        onClose={(_, reason) => {
          if (reason === "toggle" && dialOpenedByHover.current) {
            dialOpenedByHover.current = false;
            return;
          }
          setDialOpen(false);
        }}
        sx={{ position: "fixed", right: 24, bottom: 24 }}
      >
        {SHORTCUTS.map((a) => (
          <SpeedDialAction
            key={a.target}
            icon={a.icon}
            slotProps={{ tooltip: { title: a.name }, fab: { "aria-label": a.name } }}
            onClick={() => go(a.target)}
          />
        ))}
      </SpeedDial>
    </Box>
  );
}

// The stats overlay (game-table.md section 2): the full statistics of the ended game (player stats,
// 'Global stats', 'Component stats') over the board, opened from the endgame dialog or the results.
// A modal: it holds the focus while open, Escape closes it and the focus goes back to the button
// that opened it.
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import type { OverviewStat, Situation } from "@tt/engine";
import { FullStatistics } from "./StatTables";
import type { DescribeStat } from "./stats";

export const STATS_OVERLAY_TITLE = "Full statistics";

export function StatsOverlay(props: {
  open: boolean;
  onClose: () => void;
  situation: Situation;
  overview: OverviewStat[];
  describe: DescribeStat;
}) {
  const { open, onClose, situation, overview, describe } = props;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="stats-overlay-title"
      fullWidth
      maxWidth="md"
      data-stats-overlay="true"
    >
      <DialogTitle id="stats-overlay-title">{STATS_OVERLAY_TITLE}</DialogTitle>
      {/* Long statistics scroll: the keyboard can scroll them too. */}
      <DialogContent dividers tabIndex={0}>
        <FullStatistics
          situation={situation}
          overview={overview}
          describe={describe}
          idPrefix="overlay"
          level="h3"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

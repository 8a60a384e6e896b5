// Replay controls of an ended table (game-table.md sections 2, 4, 9): a slider over the events with
// the S, E and replay marks, single steps (arrow keys too, Ctrl/Cmd for 10), the replay link, and
// for admins a debug table forked at the shown event.

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Slider from "@mui/material/Slider";
import Typography from "@mui/material/Typography";
import type { ReplayMark } from "@tt/engine";
import { REPLAY_STEP } from "@tt/engine";

export function ReplayBar(props: {
  step: number;
  length: number;
  marks: ReplayMark[];
  onStep: (step: number) => void;
  onCopyLink: () => void;
  onDebugTable: (() => void) | null;
}) {
  const { step, length, marks, onStep, onCopyLink, onDebugTable } = props;
  return (
    <Paper
      component="section"
      aria-label="Replay"
      sx={{ px: 2, py: 1, mb: 1, display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}
    >
      <Box sx={{ display: "flex", gap: 0.5 }}>
        <IconButton
          aria-label="Back 10 events"
          disabled={step === 0}
          onClick={() => onStep(step - REPLAY_STEP.ctrl)}
        >
          «
        </IconButton>
        <IconButton aria-label="Previous event" disabled={step === 0} onClick={() => onStep(step - 1)}>
          ‹
        </IconButton>
        <IconButton aria-label="Next event" disabled={step >= length} onClick={() => onStep(step + 1)}>
          ›
        </IconButton>
        <IconButton
          aria-label="Forward 10 events"
          disabled={step >= length}
          onClick={() => onStep(step + REPLAY_STEP.ctrl)}
        >
          »
        </IconButton>
      </Box>
      <Typography aria-live="polite" sx={{ minWidth: 130 }}>
        Event {step} of {length}
      </Typography>
      <Slider
        aria-label="Replay position"
        sx={{ flex: 1, minWidth: 200 }}
        value={step}
        min={0}
        max={Math.max(length, 1)}
        step={1}
        disabled={length === 0}
        marks={marks.map((m) => ({ value: m.step, label: m.label }))}
        onChange={(_event, v) => onStep(Array.isArray(v) ? (v[0] ?? 0) : v)}
      />
      <Button size="small" onClick={onCopyLink}>
        Copy replay link
      </Button>
      {onDebugTable !== null && (
        <Button size="small" variant="outlined" onClick={onDebugTable}>
          Debug table at this position
        </Button>
      )}
    </Paper>
  );
}

// Replay controls of an ended table (game-table.md sections 2, 4, 9): a slider over the events with
// the S, E and replay marks, single steps (arrow keys too, Ctrl/Cmd for 10), the replay link, and
// for admins a debug table forked at the shown event.

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Slider from "@mui/material/Slider";
import Typography from "@mui/material/Typography";
import type { ReplayMark } from "@tt/engine";
import { REPLAY_STEP } from "@tt/engine";
import { markStops } from "./replay";

export function ReplayBar(props: {
  step: number;
  length: number;
  marks: ReplayMark[];
  onStep: (step: number) => void;
  onCopyLink: () => void;
  onDebugTable: (() => void) | null;
}) {
  const { step, length, marks, onStep, onCopyLink, onDebugTable } = props;
  const stops = markStops(marks);
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
        // Ticks only: labels drawn on the rail collide (a check that mates sits on E, two marks can
        // share a turn); they are the buttons below.
        marks={stops.map((s) => ({ value: s.step }))}
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
      <Box
        component="nav"
        aria-label="Replay marks"
        sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, flexBasis: "100%" }}
      >
        {stops.map((s) => (
          <Chip
            key={s.step}
            size="small"
            variant={s.step === step ? "filled" : "outlined"}
            color={s.step === step ? "primary" : "default"}
            aria-current={s.step === step ? "step" : undefined}
            title={`Event ${s.step}`}
            onClick={() => onStep(s.step)}
            label={s.labels.map((label, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: labels of one step may repeat
              <span key={i}>
                {i > 0 ? " · " : ""}
                <span>{label}</span>
              </span>
            ))}
          />
        ))}
      </Box>
    </Paper>
  );
}

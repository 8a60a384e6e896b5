// Base scale of the component tree (sections 5, 9): 0.1 to 10, slider step 0.01; typed text that is not
// a number is ignored. Every change goes through the editor's autosave (500 ms after the last one).
import Slider from "@mui/material/Slider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { DraftField } from "./DraftField";
import { parseBaseScale } from "./model/clamps";
import { BASE_SCALE_MAX, BASE_SCALE_MIN, BASE_SCALE_STEP } from "./model/limits";
import { done, refused } from "./model/outcome";

export function BaseScaleControl({ value, onChange }: { value: number; onChange(value: number): void }) {
  const labelId = useId();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center", minWidth: 320 }}>
      <Typography id={labelId} sx={{ whiteSpace: "nowrap" }}>
        Base scale
      </Typography>
      <Slider
        aria-labelledby={labelId}
        min={BASE_SCALE_MIN}
        max={BASE_SCALE_MAX}
        step={BASE_SCALE_STEP}
        value={value}
        onChange={(_, v) => {
          const next = parseBaseScale(Array.isArray(v) ? (v[0] ?? value) : v);
          if (next !== null && next !== value) onChange(next);
        }}
        sx={{ minWidth: 160 }}
      />
      <DraftField
        label="Base scale value"
        value={value}
        format={(v) => (typeof v === "number" ? String(v) : "")}
        parse={(t) => {
          const n = parseBaseScale(t);
          return n === null ? refused("Enter a number") : done(n);
        }}
        onCommit={(v) => onChange(v as number)}
        sx={{ width: 150, flexShrink: 0 }}
      />
    </Stack>
  );
}

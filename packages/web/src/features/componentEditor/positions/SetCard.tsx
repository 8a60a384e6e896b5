// One position set's fields as a card (sections 2, 4, 5): view mode lists them; edit mode edits accepted
// types, multi, gapSize, maxSpread, direction in degrees (stored in radians) and scaleMult. Save is
// enabled only while the draft is valid and would change the set.
import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { radiansToDegrees } from "../model/clamps";
import { SCALE_MULT_STEP } from "../model/limits";
import {
  applyDraft,
  draftChanged,
  draftOf,
  draftProblem,
  type PositionSetValue,
  type SetDraft,
} from "../model/positions";
import { VisuallyHidden } from "../parts";

export function SetCard({
  name,
  set,
  pieceNames,
  onSave,
}: {
  name: string;
  set: PositionSetValue;
  pieceNames: readonly string[];
  onSave(set: PositionSetValue): void;
}) {
  const [draft, setDraft] = useState<SetDraft | null>(null);
  if (draft === null) {
    const accepts = Array.isArray(set.accepts) ? set.accepts.join(", ") : "anything";
    const field = (label: string, value: string) => (
      <Typography variant="body2">
        <strong>{label}:</strong> {value}
      </Typography>
    );
    return (
      <Paper variant="outlined" sx={{ p: 1.5 }} aria-label={`Position set ${name}`} component="section">
        <Stack spacing={0.5}>
          {field("Accepts", accepts || "anything")}
          {field("Multi", set.multi === true ? "yes" : "no")}
          {field("Gap size", typeof set.gapSize === "number" ? String(set.gapSize) : "not set")}
          {field("Max spread", typeof set.maxSpread === "number" ? String(set.maxSpread) : "not set")}
          {field(
            "Multi direction",
            typeof set.multiDirection === "number"
              ? `${radiansToDegrees(set.multiDirection)} degrees`
              : "not set",
          )}
          {field("Scale multiplier", typeof set.scaleMult === "number" ? String(set.scaleMult) : "not set")}
          <Button size="small" sx={{ alignSelf: "flex-start" }} onClick={() => setDraft(draftOf(set))}>
            Edit<VisuallyHidden> position set {name}</VisuallyHidden>
          </Button>
        </Stack>
      </Paper>
    );
  }

  const problem = draftProblem(draft);
  const changed = draftChanged(set, draft);
  const put = (patch: Partial<SetDraft>) => setDraft({ ...draft, ...patch });
  const number = (
    key: "gapSize" | "maxSpread" | "direction" | "scaleMult",
    label: string,
    help: string,
    step = 1,
  ) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={draft[key]}
      onChange={(e) => put({ [key]: e.target.value })}
      helperText={help}
      slotProps={{ htmlInput: { step } }}
      sx={{ width: 170 }}
    />
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} aria-label={`Editing position set ${name}`} component="section">
      <Stack spacing={1.5}>
        <Autocomplete
          multiple
          freeSolo
          size="small"
          options={pieceNames}
          value={draft.accepts}
          onChange={(_, value) => put({ accepts: value.map(String) })}
          renderInput={(params) => (
            <TextField {...params} label="Accepts" helperText="Piece names; empty accepts anything" />
          )}
        />
        <FormControlLabel
          control={<Checkbox checked={draft.multi} onChange={(e) => put({ multi: e.target.checked })} />}
          label="Multi"
        />
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
          {number("gapSize", "Gap size", "0 to 10000")}
          {number("maxSpread", "Max spread", "0 to 10000")}
          {number("direction", "Multi direction (degrees)", "0 to 359")}
          {number("scaleMult", "Scale multiplier", "0 to 100", SCALE_MULT_STEP)}
        </Stack>
        {problem && (
          <Typography variant="body2" color="error">
            {problem}
          </Typography>
        )}
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            size="small"
            disabled={problem !== null || !changed}
            onClick={() => {
              onSave(applyDraft(set, draft));
              setDraft(null);
            }}
          >
            Save<VisuallyHidden> position set {name}</VisuallyHidden>
          </Button>
          <Button size="small" onClick={() => setDraft(null)}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

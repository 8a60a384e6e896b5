// The conditional results editor (sections 2, 4, 5, 8): pick a result by index, add and remove results,
// add and remove the key/value checks of its condition, and edit the default and the picked result.
// Every change goes straight into the tree (and so to the autosave); the rules are model/conditional.ts.
import CloseIcon from "@mui/icons-material/Close";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Json } from "@tt/engine";
import { type FormEvent, useState } from "react";
import {
  addCondition,
  addResult,
  type Branch,
  checkProblem,
  conditionValueText,
  hasNoConditions,
  isConditional,
  removeCondition,
  removeResult,
  selectedResult,
  withBranchValue,
} from "./model/conditional";
import { MESSAGES } from "./model/messages";
import type { Outcome } from "./model/outcome";
import { keptWhenPlain, type PropertySpec } from "./model/properties";
import { ErrorText } from "./parts";
import { type ModalKind, ValueEditor } from "./ValueEditor";

export function ConditionalEditor({
  pieceName,
  spec,
  value,
  imageNames,
  onChange,
  onOpenModal,
  onClose,
}: {
  pieceName: string;
  spec: PropertySpec;
  value: Json | undefined;
  imageNames: readonly string[];
  /** undefined removes the property (its default applies). */
  onChange(value: Json | undefined): void;
  onOpenModal(kind: ModalKind, branch: Branch): void;
  onClose(): void;
}) {
  const [index, setIndex] = useState(0);
  const [indexText, setIndexText] = useState("0");
  const [key, setKey] = useState("");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const conditional = isConditional(value);
  // An unset property becomes conditional from its default, so no branch ever resolves to nothing.
  const base = value === undefined ? spec.default : value;
  const picked = selectedResult(value, index);
  const condition = picked.ok ? picked.value.condition : {};
  const problem = key === "" && text === "" ? null : checkProblem(conditional ? condition : {}, key, text);
  const count = conditional ? value.conditionalResults.length : 0;
  const kept = keptWhenPlain(spec);

  const pick = (i: number) => {
    setIndex(i);
    setIndexText(String(i));
  };
  const apply = (outcome: Outcome<Json | undefined>) => {
    if (!outcome.ok) return setError(outcome.error);
    setError(null);
    onChange(outcome.value);
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (key === "" || text === "" || problem) return;
    apply(addCondition(base, index, key, text));
    setKey("");
    setText("");
  };
  const editor = (branch: Branch, label: string) => (
    <ValueEditor
      spec={spec}
      value={
        branch === "default"
          ? conditional
            ? value.defaultResult
            : value
          : picked.ok
            ? picked.value.result
            : undefined
      }
      label={label}
      imageNames={imageNames}
      onChange={(v) => onChange(withBranchValue(value, branch, v))}
      onOpenModal={(kind) => onOpenModal(kind, branch)}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="conditions-title">
      <DialogTitle id="conditions-title">
        Conditions of {spec.name} ({pieceName})
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", gap: 1 }}>
            <Typography>{conditional ? "Default result" : "Unconditional value"}</Typography>
            {editor("default", conditional ? "Default result" : "Value")}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", gap: 1 }}>
            <TextField
              size="small"
              type="number"
              label="Result index"
              value={indexText}
              onChange={(e) => {
                setIndexText(e.target.value);
                const n = Number(e.target.value);
                if (e.target.value !== "" && Number.isInteger(n)) setIndex(n);
              }}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
              helperText={`${count} result${count === 1 ? "" : "s"}, numbered from 0`}
              sx={{ width: 160 }}
            />
            <Button
              onClick={() => {
                onChange(addResult(base));
                pick(count);
              }}
            >
              Add result
            </Button>
            <Button
              color="error"
              disabled={!picked.ok}
              onClick={() => apply(removeResult(value, index, kept))}
            >
              Remove result
            </Button>
          </Stack>
          {!picked.ok && conditional ? <ErrorText>{picked.error}</ErrorText> : null}
          {picked.ok && (
            <Stack spacing={1}>
              <Typography variant="subtitle2" component="h3">
                Result {index}: applies when every check holds
              </Typography>
              <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }} aria-label="Checks">
                {Object.entries(condition).map(([k, v]) => (
                  <Chip
                    key={k}
                    label={`${k} = ${conditionValueText(v)}`}
                    onDelete={() => apply(removeCondition(value, index, k, kept))}
                    deleteIcon={<CloseIcon aria-label={`Remove check ${k}`} />}
                  />
                ))}
              </Stack>
              {hasNoConditions(picked.value) && <ErrorText>{MESSAGES.noConditions}</ErrorText>}
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", gap: 1 }}>
                <Typography>Result value</Typography>
                {editor(index, "Result value")}
              </Stack>
            </Stack>
          )}
          <Stack
            component="form"
            onSubmit={add}
            direction="row"
            spacing={1}
            sx={{ alignItems: "flex-start" }}
          >
            <TextField size="small" label="Key" value={key} onChange={(e) => setKey(e.target.value)} />
            <TextField
              size="small"
              label="Value"
              value={text}
              onChange={(e) => setText(e.target.value)}
              helperText="Commas make a list: red, blue"
            />
            <Button
              type="submit"
              variant="outlined"
              disabled={key === "" || text === "" || problem !== null || (conditional && !picked.ok)}
            >
              Add condition
            </Button>
          </Stack>
          {problem && (
            <Typography variant="body2" color="text.secondary">
              {problem}
            </Typography>
          )}
          <ErrorText>{error}</ErrorText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

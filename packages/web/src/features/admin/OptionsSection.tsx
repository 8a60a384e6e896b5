import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { AdminInfo } from "@tt/protocol";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { updateOption } from "./api";
import {
  addValue,
  DEFAULT_PROTECTED,
  draftsOf,
  editOption,
  editValue,
  markSaved,
  newOptionDraft,
  OPTION_SAVED_CLEAR_MS,
  type OptionDraft,
  optionNameError,
  removeValue,
  renameValue,
  setConditionText,
  sortedValueKeys,
  toDefinition,
} from "./optionsEditor";
import { StatusText, useStatus } from "./parts";

/** The project options editor: one card per option, each saved on its own with POST /api/update-option. */
export function OptionsSection({ info }: { info: AdminInfo }) {
  const [drafts, setDrafts] = useState<OptionDraft[]>(() => draftsOf(info.options));
  const [newName, setNewName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const unsaved = drafts.some((d) => d.dirty);
  const replace = (name: string, next: OptionDraft | null) =>
    setDrafts((ds) =>
      next ? ds.map((d) => (d.name === name ? next : d)) : ds.filter((d) => d.name !== name),
    );
  const add = (e: FormEvent) => {
    e.preventDefault();
    const error = optionNameError(
      newName,
      drafts.map((d) => d.name),
    );
    setNameError(error);
    if (error) return;
    const order = drafts.length ? Math.max(...drafts.map((d) => d.displayOrder)) + 1 : 0;
    setDrafts((ds) => [...ds, newOptionDraft(newName, order)]);
    setNewName("");
  };
  return (
    <Stack spacing={2}>
      {unsaved && (
        <Alert severity="warning" role="status">
          Unsaved changes
        </Alert>
      )}
      {drafts.length === 0 && <Typography color="text.secondary">No options yet.</Typography>}
      {drafts.map((d) => (
        <OptionCard key={d.name} slug={info.slug} draft={d} onChange={(next) => replace(d.name, next)} />
      ))}
      <Stack component="form" onSubmit={add} direction="row" spacing={2} sx={{ alignItems: "flex-start" }}>
        <TextField
          label="New option name"
          size="small"
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
          error={!!nameError}
          helperText={nameError ?? "Letters, digits, '_', '-' and '.'"}
        />
        <Button type="submit" startIcon={<AddIcon />}>
          Add option
        </Button>
      </Stack>
    </Stack>
  );
}

function OptionCard({
  slug,
  draft,
  onChange,
}: {
  slug: string;
  draft: OptionDraft;
  onChange(next: OptionDraft | null): void;
}) {
  const { status, busy, ok, fail } = useStatus(OPTION_SAVED_CLEAR_MS);
  const [newValue, setNewValue] = useState("");
  const [confirming, setConfirming] = useState(false);
  const set = (patch: Partial<OptionDraft>) => onChange(editOption(draft, patch));
  const save = async () => {
    const definition = toDefinition(draft);
    if (!definition.ok) return fail(definition.error);
    busy("Updating...");
    try {
      ok(await updateOption(slug, draft.name, definition.value));
      onChange(markSaved(draft));
    } catch (err) {
      fail((err as Error).message);
    }
  };
  const remove = async () => {
    if (draft.isNewlyAdded) return onChange(null);
    busy("Updating...");
    try {
      await updateOption(slug, draft.name, null);
      onChange(null);
    } catch (err) {
      fail((err as Error).message);
    }
  };
  const valueKeys = sortedValueKeys(draft);
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={`Option ${draft.name}`}
      sx={{
        p: 2,
        borderColor: draft.isNewlyAdded ? "success.main" : draft.dirty ? "warning.main" : "divider",
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap" }}>
        <Typography variant="h3" component="h3" sx={{ fontFamily: "monospace" }}>
          {draft.name}
        </Typography>
        {draft.isNewlyAdded && <Chip size="small" color="success" label="New" />}
        {draft.dirty && <Chip size="small" color="warning" label="Unsaved changes" />}
      </Stack>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label="Display name"
          size="small"
          value={draft.displayName}
          onChange={(e) => set({ displayName: e.target.value })}
        />
        <TextField
          label="Display order"
          type="number"
          size="small"
          value={draft.displayOrder}
          onChange={(e) => set({ displayOrder: e.target.value as unknown as number })}
          slotProps={{ htmlInput: { min: 0 } }}
          sx={{ width: 130 }}
        />
        <TextField
          select
          label="Type"
          size="small"
          value={draft.type}
          onChange={(e) => set({ type: e.target.value as OptionDraft["type"] })}
          sx={{ minWidth: 130 }}
        >
          <MenuItem value="select">select</MenuItem>
          <MenuItem value="checkbox">checkbox</MenuItem>
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={draft.hidden} onChange={(e) => set({ hidden: e.target.checked })} />}
          label="Hidden"
        />
        {draft.type === "checkbox" ? (
          <FormControlLabel
            control={
              <Checkbox
                checked={!!draft.defaultBool}
                onChange={(e) => set({ defaultBool: e.target.checked })}
              />
            }
            label="On by default"
          />
        ) : (
          <TextField
            select
            label="Default value"
            size="small"
            value={draft.default ?? ""}
            onChange={(e) => set({ default: e.target.value })}
            sx={{ minWidth: 150 }}
          >
            {valueKeys.map((k) => (
              <MenuItem key={k} value={k}>
                {k}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {draft.type === "select" && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h4" gutterBottom>
            Values
          </Typography>
          <Stack spacing={1}>
            {valueKeys.map((k) => (
              <ValueRow key={k} draft={draft} valueKey={k} onChange={onChange} onError={fail} />
            ))}
          </Stack>
          <Stack
            component="form"
            direction="row"
            spacing={1}
            sx={{ mt: 1 }}
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              onChange(addValue(draft, newValue));
              setNewValue("");
            }}
          >
            <TextField
              label="New value"
              size="small"
              value={newValue}
              onChange={(e) => setNewValue(e.target.value)}
            />
            <Button type="submit" disabled={!newValue.trim() || !!draft.values[newValue.trim()]}>
              Add value
            </Button>
          </Stack>
        </Box>
      )}
      <TextField
        label="Condition (JSON)"
        multiline
        fullWidth
        size="small"
        value={draft.conditionText}
        onChange={(e) => onChange(setConditionText(draft, e.target.value))}
        error={!!draft.conditionError}
        helperText={draft.conditionError ?? 'For example {"expansion": {"eq": true}}; empty for none.'}
        sx={{ fontFamily: "monospace" }}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mt: 2 }}>
        <Button variant="contained" onClick={save} disabled={!draft.dirty || !!draft.conditionError}>
          Save option
        </Button>
        <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
          Delete option
        </Button>
        <StatusText status={status} />
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Confirm deletion?"
        text={`The option ${draft.name} will be removed from the project.`}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}

function ValueRow({
  draft,
  valueKey,
  onChange,
  onError,
}: {
  draft: OptionDraft;
  valueKey: string;
  onChange(next: OptionDraft): void;
  onError(text: string): void;
}) {
  const value = draft.values[valueKey]!;
  const [name, setName] = useState(valueKey);
  const isDefault = draft.default === valueKey;
  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={1} sx={{ alignItems: { md: "center" } }}>
      <TextField
        label="Value"
        size="small"
        value={name}
        onChange={(e) => setName(e.target.value)}
        // The rename applies on leaving the field; blank or unchanged names are ignored.
        onBlur={() => {
          const next = renameValue(draft, valueKey, name);
          if (next === draft) setName(valueKey);
          else onChange(next);
        }}
        sx={{ width: 140 }}
      />
      <TextField
        label="Display name"
        size="small"
        value={value.displayName}
        onChange={(e) => onChange(editValue(draft, valueKey, { displayName: e.target.value }))}
      />
      <TextField
        label="Hidden display"
        size="small"
        value={value.hiddenDisplay ?? ""}
        onChange={(e) => onChange(editValue(draft, valueKey, { hiddenDisplay: e.target.value || undefined }))}
      />
      <TextField
        label="Order"
        type="number"
        size="small"
        value={value.displayOrder}
        onChange={(e) =>
          onChange(editValue(draft, valueKey, { displayOrder: e.target.value as unknown as number }))
        }
        slotProps={{ htmlInput: { min: 0 } }}
        sx={{ width: 90 }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={!!value.hidden}
            onChange={(e) => onChange(editValue(draft, valueKey, { hidden: e.target.checked || undefined }))}
          />
        }
        label="Hidden"
      />
      <Tooltip title={isDefault ? DEFAULT_PROTECTED : `Remove value ${valueKey}`}>
        <span>
          <IconButton
            aria-label={`Remove value ${valueKey}`}
            disabled={isDefault}
            onClick={() => {
              const { draft: next, error } = removeValue(draft, valueKey);
              if (error) onError(error);
              else onChange(next);
            }}
          >
            <DeleteIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

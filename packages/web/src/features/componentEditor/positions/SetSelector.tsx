// Choosing, adding, renaming and removing position sets (sections 2, 5). A refused name shows in red
// for 5 seconds; removal asks 'Confirm deletion?' first.
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "../../../lib/ConfirmDialog";
import { MESSAGES } from "../model/messages";
import { addSet, type Positions, removeSet, renameSet, setNames } from "../model/positions";
import { ErrorText, useTimedMessage } from "../parts";

export function SetSelector({
  positions,
  selected,
  onSelect,
  onChange,
}: {
  positions: Positions;
  selected: string;
  onSelect(name: string): void;
  onChange(positions: Positions, selected: string): void;
}) {
  const names = setNames(positions);
  const [newName, setNewName] = useState("");
  const [named, setNamed] = useState(false);
  const [renameTo, setRenameTo] = useState("");
  const [confirming, setConfirming] = useState(false);
  const error = useTimedMessage();

  const add = (e: FormEvent) => {
    e.preventDefault();
    const result = addSet(positions, newName, named);
    if (!result.ok) return error.show(result.error);
    error.show(null);
    onChange(result.value, newName.trim());
    setNewName("");
  };
  const rename = (e: FormEvent) => {
    e.preventDefault();
    const result = renameSet(positions, selected, renameTo);
    if (!result.ok) return error.show(result.error);
    error.show(null);
    onChange(result.value, renameTo.trim());
    setRenameTo("");
  };
  const remove = () => {
    const result = removeSet(positions, selected);
    if (!result.ok) return error.show(result.error);
    onChange(result.value, setNames(result.value)[0] ?? "");
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1, alignItems: "flex-start" }}>
        <TextField
          select
          size="small"
          label="Position set"
          value={names.includes(selected) ? selected : ""}
          onChange={(e) => onSelect(e.target.value)}
          sx={{ minWidth: 200 }}
          disabled={names.length === 0}
          helperText={names.length === 0 ? "No position sets yet" : " "}
        >
          {names.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <Button color="error" disabled={!names.includes(selected)} onClick={() => setConfirming(true)}>
          Remove set
        </Button>
      </Stack>
      <Stack
        component="form"
        onSubmit={add}
        direction="row"
        sx={{ flexWrap: "wrap", gap: 1, alignItems: "center" }}
      >
        <TextField
          size="small"
          label="New set name"
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
        />
        <FormControlLabel
          control={<Checkbox checked={named} onChange={(e) => setNamed(e.target.checked)} />}
          label="Named coordinates"
        />
        <Button type="submit" variant="outlined">
          Add set
        </Button>
      </Stack>
      {names.includes(selected) && (
        <Stack
          component="form"
          onSubmit={rename}
          direction="row"
          sx={{ flexWrap: "wrap", gap: 1, alignItems: "center" }}
        >
          <TextField
            size="small"
            label={`Rename ${selected} to`}
            value={renameTo}
            onChange={(e) => setRenameTo(e.target.value)}
          />
          <Button type="submit" variant="outlined">
            Rename set
          </Button>
        </Stack>
      )}
      <ErrorText>{error.message}</ErrorText>
      <ConfirmDialog
        open={confirming}
        title={MESSAGES.confirmDeletion}
        text={`The position set ${selected} and its coordinates will be removed.`}
        confirmLabel="Remove"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

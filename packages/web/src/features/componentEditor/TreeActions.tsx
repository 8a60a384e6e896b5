// Add, rename and delete game pieces (sections 4, 5): the buttons stay disabled while a name breaks a
// rule, and say which; root, dims, __card- and deck- entries cannot be renamed or deleted; a deletion
// asks 'Confirm deletion?' first.
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { MESSAGES } from "./model/messages";
import { mayDelete, mayRename, pieceNameHint, pieceNameProblem, type Tree } from "./model/tree";

export function TreeActions({
  tree,
  selected,
  onAdd,
  onRename,
  onDelete,
}: {
  tree: Tree;
  selected: string;
  onAdd(name: string): void;
  onRename(from: string, to: string): void;
  onDelete(name: string): void;
}) {
  const [newName, setNewName] = useState("");
  const [renameTo, setRenameTo] = useState("");
  const [confirming, setConfirming] = useState(false);
  const addHint = newName === "" ? null : pieceNameHint(pieceNameProblem(newName.trim(), tree));
  const renameHint = renameTo === "" ? null : pieceNameHint(pieceNameProblem(renameTo.trim(), tree));
  const renamable = mayRename(selected);

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (newName === "" || addHint) return;
    onAdd(newName.trim());
    setNewName("");
  };
  const rename = (e: FormEvent) => {
    e.preventDefault();
    if (!renamable || renameTo === "" || renameHint) return;
    onRename(selected, renameTo.trim());
    setRenameTo("");
  };

  return (
    <Stack spacing={2}>
      <Stack component="form" onSubmit={add} spacing={1} aria-label="Add a piece">
        <TextField
          size="small"
          label="New piece name"
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
          error={addHint !== null}
          helperText={addHint ?? "At least 3 characters"}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={newName === "" || addHint !== null}
        >
          Add piece
        </Button>
      </Stack>
      <Stack component="form" onSubmit={rename} spacing={1} aria-label={`Rename ${selected}`}>
        <Typography variant="subtitle2" component="p">
          Selected: {selected}
        </Typography>
        {renamable ? (
          <>
            <TextField
              size="small"
              label={`New name for ${selected}`}
              value={renameTo}
              onChange={(e) => setRenameTo(e.target.value)}
              error={renameHint !== null}
              helperText={renameHint ?? "Accepts lists follow the new name"}
            />
            <Button type="submit" variant="outlined" disabled={renameTo === "" || renameHint !== null}>
              Rename
            </Button>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {selected} cannot be renamed{mayDelete(selected) ? "." : " or deleted."}
          </Typography>
        )}
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteIcon />}
          disabled={!mayDelete(selected)}
          onClick={() => setConfirming(true)}
        >
          Delete {selected}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={MESSAGES.confirmDeletion}
        text={`${selected} and all its properties will be removed from the development components.`}
        confirmLabel="Delete"
        onConfirm={() => onDelete(selected)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

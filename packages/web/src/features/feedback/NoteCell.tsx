import CheckIcon from "@mui/icons-material/Check";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useReducer } from "react";
import { useSaveNote } from "./api";
import { initialNote, needsSave, noteReducer } from "./noteState";

interface Props {
  slug: string;
  tableId: string;
  username: string;
  note: string;
}

/** The editable note of one row: saves on blur or Enter; 'Saved' after a successful save, gone on typing. */
export function NoteCell({ slug, tableId, username, note }: Props) {
  const [state, dispatch] = useReducer(noteReducer, note, initialNote);
  const save = useSaveNote(slug);
  useEffect(() => dispatch({ type: "server", text: note }), [note]);

  const commit = () => {
    if (!needsSave(state)) return;
    const text = state.draft;
    dispatch({ type: "save-start" });
    save.mutate(
      { tableId, user: username, note: text },
      {
        onSuccess: () => dispatch({ type: "save-ok", text }),
        onError: (err) => {
          // Spec section 8: a failed feedback save is only logged.
          console.error("Failed to save feedback note:", err.message);
          dispatch({ type: "save-failed" });
        },
      },
    );
  };

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 300 }}>
      <TextField
        size="small"
        fullWidth
        value={state.draft}
        placeholder="Add a note"
        onChange={(e) => dispatch({ type: "edit", text: e.target.value })}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          }
        }}
        slotProps={{
          htmlInput: { "aria-label": `Note for ${username} on table ${tableId}`, maxLength: 5000 },
        }}
      />
      <Box role="status" sx={{ minWidth: 64, display: "flex", alignItems: "center" }}>
        {state.saved && (
          <Typography variant="body2" color="success.main" sx={{ display: "flex", alignItems: "center" }}>
            <CheckIcon fontSize="small" aria-hidden="true" />
            Saved
          </Typography>
        )}
      </Box>
    </Box>
  );
}

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useSaveBio } from "./api";

export const BIO_MAX = 2000;

/**
 * The bio as plain text (React escapes it: never HTML). The owner also gets a textarea and
 * 'Update bio'; a failed save is only logged (spec section 8) and the typed text stays.
 */
export function BioSection({ username, bio, owner }: { username: string; bio: string; owner: boolean }) {
  const [draft, setDraft] = useState(bio);
  const save = useSaveBio(username);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(draft, { onError: () => console.error("Failed to save bio") });
  };
  return (
    <>
      {bio ? (
        <Typography data-testid="bio-text" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {bio}
        </Typography>
      ) : (
        <Typography color="text.secondary">No bio yet.</Typography>
      )}
      {owner && (
        <Box component="form" onSubmit={submit} sx={{ mt: 2, display: "grid", gap: 1, maxWidth: 640 }}>
          <TextField
            label="Your bio"
            multiline
            minRows={3}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            helperText={`${draft.length}/${BIO_MAX}`}
            slotProps={{ htmlInput: { maxLength: BIO_MAX } }}
          />
          <div>
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending}
              startIcon={save.isPending ? <CircularProgress size={16} aria-hidden="true" /> : undefined}
            >
              Update bio
            </Button>
          </div>
        </Box>
      )}
    </>
  );
}

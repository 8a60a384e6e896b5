// What the game view shows besides the board and its panels: the notices under the top bar (who
// watches with the full view, a fresh invite link), the overview help card, and the question a state
// button asks before it is pressed.

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import type { Button as StateButton } from "@tt/engine";
import type { InviteShown } from "./tableUi";

/**
 * Who watches with the full view, in words: 'mod is watching with the full view', 'ann and mod
 * are ...', 'ann, bob and mod are ...'. Those who opened it once are listed a while after (the server
 * decides who is listed and for how long).
 */
export function fullViewWords(viewers: readonly string[]): string {
  const names =
    viewers.length <= 1 ? viewers.join("") : `${viewers.slice(0, -1).join(", ")} and ${viewers.at(-1)}`;
  return `${names} ${viewers.length === 1 ? "is" : "are"} watching with the full view (every hand and deck)`;
}

export function FullViewNotice({ viewers }: { viewers: string[] }) {
  if (viewers.length === 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 1 }} aria-label="Full view watchers">
      {fullViewWords(viewers)}
    </Alert>
  );
}

export function InviteNotice({ invite, onClose }: { invite: InviteShown | null; onClose: () => void }) {
  if (invite === null) return null;
  return (
    <Alert severity="info" onClose={onClose} sx={{ mb: 1 }}>
      Invite link for {invite.color}:{" "}
      <Box component="code" aria-label={`Invite link for ${invite.color}`} sx={{ wordBreak: "break-all" }}>
        {invite.link}
      </Box>
    </Alert>
  );
}

/** The project's overview card, over the page's corner until clicked. */
export function OverviewHelp({ src, onClose }: { src: string; onClose: () => void }) {
  return (
    <Box
      component="img"
      src={src}
      alt="Overview help card"
      onClick={onClose}
      sx={{
        position: "fixed",
        right: 24,
        bottom: 24,
        maxWidth: "45vw",
        maxHeight: "70vh",
        zIndex: 1300,
        boxShadow: 8,
        borderRadius: 1,
      }}
    />
  );
}

/** A state button with a question (section 5): pressed only once confirmed. */
export function ConfirmButtonDialog(props: {
  button: StateButton | null;
  onClose: () => void;
  onConfirm: (button: StateButton) => void;
}) {
  const { button, onClose, onConfirm } = props;
  return (
    <Dialog open={button !== null} onClose={onClose} aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{button?.text}</DialogTitle>
      <DialogContent>
        <Typography>{button?.confirm}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Reject</Button>
        <Button
          variant="contained"
          color={button?.style === "danger" ? "error" : "primary"}
          onClick={() => {
            onClose();
            if (button) onConfirm(button);
          }}
        >
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// Leaving the component editor with changes not stored yet (section 4: the dirty flag warns on leaving).
// A reload or closing the tab gets the browser's beforeunload prompt (useAutosave); any navigation
// inside the app (the site header, the Administration button, the browser's back button) is held by
// React Router's blocker and asked here: stay, save first and leave once the server has stored it, or
// leave without saving. A save that fails keeps the designer here, told so.
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useCallback, useState } from "react";
import { type BlockerFunction, useBlocker } from "react-router";
import { MESSAGES } from "./model/messages";
import type { SaveStatus } from "./model/saveState";
import { ErrorText } from "./parts";

export const LEAVE_TITLE = "Leave the component editor?";

export function LeaveGuard({
  dirty,
  rawUnsaved,
  status,
  flush,
}: {
  /** Something is not stored yet: an edit waiting for its save, a save under way or failed, raw text. */
  dirty: boolean;
  /** The raw JSON text holds a change not taken into the tree (only valid text is, on leaving the box). */
  rawUnsaved: boolean;
  status: SaveStatus;
  flush(): Promise<boolean>;
}) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  if (blocker.state !== "blocked") return null;

  const stay = () => {
    setFailed(false);
    blocker.reset();
  };
  const saveAndLeave = async () => {
    setSaving(true);
    setFailed(false);
    const ok = await flush();
    setSaving(false);
    if (ok) blocker.proceed();
    else setFailed(true);
  };
  const why = rawUnsaved
    ? "The raw JSON text has changes that are not saved: only valid JSON is, when you leave the text box."
    : status === "failed"
      ? "The last save failed: your changes are only in this page."
      : status === "saving"
        ? "A save is still under way and may fail."
        : "Some changes are not saved yet.";

  return (
    <Dialog open onClose={saving ? undefined : stay} aria-labelledby="leave-editor-title">
      <DialogTitle id="leave-editor-title">{LEAVE_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText>{why}</DialogContentText>
        <ErrorText>{failed ? `${MESSAGES.saveFailed}: you are still in the editor.` : null}</ErrorText>
      </DialogContent>
      <DialogActions>
        <Button onClick={stay} disabled={saving}>
          Stay
        </Button>
        <Button color="error" onClick={() => blocker.proceed()} disabled={saving}>
          Leave without saving
        </Button>
        <Button variant="contained" onClick={() => void saveAndLeave()} disabled={saving || rawUnsaved}>
          {saving ? "Saving..." : "Save and leave"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

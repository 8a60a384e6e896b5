// The feedback dialog (game-table.md section 4): it opens by itself once the table has ended, for a
// player seated at the table who has not answered yet, when the table's form asks something.
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useSubmitFeedback, useTableFeedback } from "./api";
import { FeedbackForm } from "./FeedbackForm";
import { dialogShouldOpen } from "./feedbackAnswers";

export const FEEDBACK_DIALOG_TITLE = "Feedback on this game";

export function FeedbackDialog(props: {
  tableId: string;
  /** The seat the answers are given as; spectators get no dialog. */
  color: string | null;
  user: string | null;
}) {
  const { tableId, color, user } = props;
  const feedback = useTableFeedback(tableId);
  const submit = useSubmitFeedback(tableId);
  // 'Not now' closes it for this visit; the page's Feedback section still holds the form.
  const [dismissed, setDismissed] = useState(false);
  const open = !dismissed && dialogShouldOpen(feedback.data, color !== null);
  if (!feedback.data) return null;
  return (
    <Dialog
      open={open}
      onClose={() => setDismissed(true)}
      aria-labelledby="feedback-dialog-title"
      aria-describedby="feedback-dialog-intro"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="feedback-dialog-title">{FEEDBACK_DIALOG_TITLE}</DialogTitle>
      <DialogContent>
        <Typography id="feedback-dialog-intro" sx={{ mb: 2 }} color="text.secondary">
          The game has ended. Your answers help the designers improve it.
        </Typography>
        <FeedbackForm
          questions={feedback.data.questions}
          idPrefix="feedback-dialog"
          busy={submit.isPending}
          // A 200 fills in the saved answers, which closes the dialog; a failure is only logged.
          onSubmit={(answers) =>
            submit.mutate({ tableId, color: color ?? undefined, user: user ?? undefined, answers })
          }
          actions={<Button onClick={() => setDismissed(true)}>Not now</Button>}
        />
      </DialogContent>
    </Dialog>
  );
}

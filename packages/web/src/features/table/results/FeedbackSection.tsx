// The 'Feedback' section of the ended-table page: the feedback form inline, or, once submitted, the
// saved answers.
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useSubmitFeedback, useTableFeedback } from "./api";
import { FeedbackForm } from "./FeedbackForm";
import { savedAnswerRows } from "./feedbackAnswers";

export function FeedbackSection(props: { tableId: string; color: string; user: string | null }) {
  const { tableId, color, user } = props;
  const feedback = useTableFeedback(tableId);
  const submit = useSubmitFeedback(tableId);
  if (feedback.isPending) return <Typography color="text.secondary">Loading the feedback form...</Typography>;
  if (feedback.isError) return <Alert severity="error">{feedback.error.message}</Alert>;
  const { questions, userAnswers } = feedback.data;
  if (userAnswers !== null) {
    const rows = savedAnswerRows(questions, userAnswers);
    return (
      <Box>
        <Typography sx={{ mb: 1 }} role="status">
          Thank you! Your answers are saved.
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          {rows.map((r) => (
            <Box key={r.id} sx={{ mb: 1.5 }}>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {r.question}
              </Typography>
              <Typography component="dd" sx={{ m: 0, whiteSpace: "pre-wrap" }}>
                {r.answer}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    );
  }
  if (questions.length === 0)
    return <Typography color="text.secondary">This game asks no feedback questions.</Typography>;
  return (
    <FeedbackForm
      questions={questions}
      idPrefix="feedback-section"
      busy={submit.isPending}
      onSubmit={(answers) => submit.mutate({ tableId, color, user: user ?? undefined, answers })}
    />
  );
}

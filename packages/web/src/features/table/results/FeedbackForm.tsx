// The feedback form (game-table.md section 4), the same fields in the dialog and in the page's
// 'Feedback' section: one field per question, by its type.
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Rating from "@mui/material/Rating";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { FEEDBACK_ANSWER_MAX, type FeedbackQuestion } from "@tt/protocol";
import { type FormEvent, type ReactNode, useState } from "react";
import { answersToSend, fieldKind, NO, RATING_MAX, YES } from "./feedbackAnswers";

export const SUBMIT_FEEDBACK = "Submit feedback";

export function FeedbackForm(props: {
  questions: FeedbackQuestion[];
  /** Keeps field ids apart when the dialog and the section are both on the page. */
  idPrefix: string;
  busy: boolean;
  onSubmit: (answers: Record<string, string>) => void;
  /** Extra buttons beside Submit (the dialog's 'Not now'). */
  actions?: ReactNode;
}) {
  const { questions, idPrefix, busy, onSubmit, actions } = props;
  const [draft, setDraft] = useState<Record<string, string>>({});
  const answers = answersToSend(questions, draft);
  const empty = Object.keys(answers).length === 0;
  const set = (id: string, value: string) => setDraft((d) => ({ ...d, [id]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!empty && !busy) onSubmit(answers);
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Feedback form">
      {questions.map((q) => (
        <QuestionField
          key={q.id}
          id={`${idPrefix}-${q.id}`}
          question={q}
          value={draft[q.id] ?? ""}
          onChange={(v) => set(q.id, v)}
        />
      ))}
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
        {actions}
        <Button type="submit" variant="contained" disabled={empty || busy}>
          {SUBMIT_FEEDBACK}
        </Button>
      </Stack>
    </Stack>
  );
}

function QuestionField(props: {
  id: string;
  question: FeedbackQuestion;
  value: string;
  onChange: (value: string) => void;
}) {
  const { id, question, value, onChange } = props;
  const label = question.text || question.id;
  const kind = fieldKind(question.type);
  if (kind === "text" || kind === "textarea")
    return (
      <TextField
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        multiline={kind === "textarea"}
        minRows={kind === "textarea" ? 3 : undefined}
        fullWidth
        slotProps={{ htmlInput: { maxLength: FEEDBACK_ANSWER_MAX } }}
      />
    );
  // A rating and a yes/no are groups of choices: a fieldset whose legend is the question.
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={`${id}-legend`}>
        {label}
      </FormLabel>
      {kind === "rating" ? (
        <Rating
          name={id}
          max={RATING_MAX}
          value={value === "" ? null : Number(value)}
          onChange={(_event, v) => onChange(v === null ? "" : String(v))}
          getLabelText={(v) => `${v} of ${RATING_MAX}`}
        />
      ) : (
        <RadioGroup
          row
          name={id}
          aria-labelledby={`${id}-legend`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <FormControlLabel value={YES} control={<Radio />} label={YES} />
          <FormControlLabel value={NO} control={<Radio />} label={NO} />
        </RadioGroup>
      )}
    </FormControl>
  );
}

import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import type { AdminInfo } from "@tt/protocol";
import { useRef, useState } from "react";
import { adminKeys, QUESTIONS_SAVED, updateFormQuestions } from "./api";
import { StatusText, useStatus } from "./parts";
import { newRow, QUESTION_TYPES, type QuestionRow, rowErrors, rowsOf, toQuestionMap } from "./questions";

/** The feedback form: questions with a unique id, text, type, order and an optional condition on options. */
export function FeedbackFormSection({ info }: { info: AdminInfo }) {
  const [rows, setRows] = useState<QuestionRow[]>(() => rowsOf(info.formQuestions));
  const counter = useRef(0);
  const { status, busy, ok, fail } = useStatus();
  const client = useQueryClient();
  const errors = rowErrors(rows);
  const invalid = Object.keys(errors).length > 0;
  const edit = (key: string, patch: Partial<QuestionRow>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const save = async () => {
    busy("Updating...");
    try {
      await updateFormQuestions(info.slug, toQuestionMap(rows));
      ok(QUESTIONS_SAVED);
      void client.invalidateQueries({ queryKey: adminKeys.info(info.slug) });
    } catch (err) {
      fail((err as Error).message);
    }
  };
  return (
    <Stack spacing={2}>
      {rows.length === 0 && <Typography color="text.secondary">No questions yet.</Typography>}
      {rows.map((r, i) => (
        <Paper key={r.key} variant="outlined" sx={{ p: 2 }} aria-label={`Question ${i + 1}`} role="group">
          <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
            <TextField
              label="Question id (unique)"
              value={r.id}
              size="small"
              onChange={(e) => edit(r.key, { id: e.target.value })}
              error={!!errors[r.key]}
              helperText={errors[r.key] ?? " "}
            />
            <TextField
              select
              label="Type"
              value={r.type}
              size="small"
              onChange={(e) => edit(r.key, { type: e.target.value })}
              sx={{ minWidth: 130 }}
            >
              {[...new Set([...QUESTION_TYPES, r.type])].map((t) => (
                <MenuItem key={t} value={t}>
                  {t}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Order"
              type="number"
              value={r.formOrder}
              size="small"
              onChange={(e) => edit(r.key, { formOrder: Number(e.target.value) || 0 })}
              sx={{ width: 100 }}
            />
            <IconButton
              aria-label={`Remove question ${r.id || i + 1}`}
              onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
              sx={{ alignSelf: "flex-start" }}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
          <TextField
            label="Text"
            value={r.text}
            fullWidth
            multiline
            size="small"
            onChange={(e) => edit(r.key, { text: e.target.value })}
            sx={{ mt: 1 }}
          />
          <TextField
            label="Condition (JSON, optional)"
            value={r.conditionText}
            fullWidth
            size="small"
            placeholder='{"expansion": {"eq": true}}'
            onChange={(e) => edit(r.key, { conditionText: e.target.value })}
            sx={{ mt: 2 }}
          />
        </Paper>
      ))}
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <Button
          startIcon={<AddIcon />}
          onClick={() => {
            counter.current += 1;
            setRows((rs) => [...rs, newRow(rs, `new-${counter.current}`)]);
          }}
        >
          Add question
        </Button>
        <Button variant="contained" onClick={save} disabled={invalid}>
          Save questions
        </Button>
        <StatusText status={status} />
      </Stack>
    </Stack>
  );
}

// Small building blocks of the admin page: a titled section, a status line and a confirmation dialog.
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: 2, mb: 3, scrollMarginTop: 80 }}
    >
      <Typography variant="h2" id={headingId} gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export type Status = { text: string; error: boolean } | null;

/** A status text; success texts may clear themselves after `clearMs`. */
export function useStatus(clearMs?: number) {
  const [status, setStatus] = useState<Status>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    status,
    busy(text: string) {
      window.clearTimeout(timer.current);
      setStatus({ text, error: false });
    },
    ok(text: string) {
      window.clearTimeout(timer.current);
      setStatus({ text, error: false });
      if (clearMs) timer.current = window.setTimeout(() => setStatus(null), clearMs);
    },
    fail(text: string) {
      window.clearTimeout(timer.current);
      setStatus({ text, error: true });
    },
  };
}

export function StatusText({ status }: { status: Status }) {
  return (
    <Typography
      role="status"
      variant="body2"
      sx={{
        minHeight: "1.5em",
        color: status?.error ? "error.main" : "success.main",
        whiteSpace: "pre-wrap",
      }}
    >
      {status?.text ?? ""}
    </Typography>
  );
}

export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

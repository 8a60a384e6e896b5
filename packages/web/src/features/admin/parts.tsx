// Small building blocks of the admin page: a titled section, a status line and the file-upload button
// with its progress bar (the confirmation dialog is lib/ConfirmDialog.tsx, shared with the editor).
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import type { SxProps, Theme } from "@mui/material/styles";
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

/** What the .xlsx file choosers accept. */
export const XLSX_ACCEPT = ".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * A button that opens the file chooser. The input stays hidden but named (`inputLabel`), so screen
 * readers and tests find it; its value is cleared after each choice so the same file can be sent again.
 * `busy` (an upload under way) disables the button: a second choice would race the first.
 */
export function UploadButton({
  children,
  inputLabel,
  accept,
  multiple = false,
  busy = false,
  startIcon,
  sx,
  onFiles,
}: {
  children: ReactNode;
  inputLabel: string;
  accept: string;
  multiple?: boolean;
  busy?: boolean;
  startIcon?: ReactNode;
  sx?: SxProps<Theme>;
  onFiles(files: File[]): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        hidden
        type="file"
        multiple={multiple}
        accept={accept}
        aria-label={inputLabel}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button
        variant="outlined"
        startIcon={startIcon}
        disabled={busy}
        sx={sx}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </>
  );
}

/** The progress of an upload (0..1) as a bar with its percentage; nothing when none is under way. */
export function UploadProgress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 1, maxWidth: 400 }}>
      <LinearProgress variant="determinate" value={percent} aria-label="Upload progress" sx={{ flex: 1 }} />
      <Typography variant="caption" aria-hidden>
        {percent}%
      </Typography>
    </Stack>
  );
}

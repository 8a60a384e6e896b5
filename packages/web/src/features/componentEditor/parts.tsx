// Small shared pieces of the component editor's screens.
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { ERROR_TOAST_MS } from "./model/limits";
import { timedMessage } from "./model/timedMessage";

/** Text for screen readers only, so repeated buttons ('Conditions', 'Edit') say what they belong to. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <span
      style={{
        position: "absolute",
        width: 1,
        height: 1,
        overflow: "hidden",
        clip: "rect(0 0 0 0)",
        whiteSpace: "nowrap",
      }}
    >
      {children}
    </span>
  );
}

/** A message that clears itself after `ms` (position-set errors stay 5 s, section 9). */
export function useTimedMessage(ms = ERROR_TOAST_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const [timed] = useState(() => timedMessage(setMessage, ms));
  useEffect(() => () => timed.dispose(), [timed]);
  const show = useCallback((text: string | null) => timed.show(text), [timed]);
  return { message, show };
}

/** A red message read out when it appears; its line is kept while empty so nothing jumps. */
export function ErrorText({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: "1.5em" }}>
      {children ? (
        <Typography role="alert" variant="body2" sx={{ color: "error.main" }}>
          {children}
        </Typography>
      ) : null}
    </Box>
  );
}

import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Fade from "@mui/material/Fade";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";

/** Copies `text` to the clipboard; the notice fades in 400 ms, out 600 ms, gone after 1 s (spec section 9). */
export function CopyButton({ text, label }: { text: () => string; label: string }) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setFailed(false);
      setCopied(true);
    } catch {
      // Clipboard needs a secure context and permission; say so instead of failing silently.
      setFailed(true);
    }
  };

  return (
    <>
      <IconButton size="small" aria-label={label} onClick={copy}>
        <ContentCopyIcon fontSize="small" />
      </IconButton>
      <Fade in={copied} timeout={{ enter: 400, exit: 600 }}>
        <Typography component="span" role="status" variant="body2" color="success.main">
          Copied to clipboard
        </Typography>
      </Fade>
      {failed && (
        <Typography component="span" role="alert" variant="body2" color="error">
          Copy failed
        </Typography>
      )}
    </>
  );
}

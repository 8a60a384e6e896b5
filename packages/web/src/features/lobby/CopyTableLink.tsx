import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Fade from "@mui/material/Fade";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";

/** Copies the table page's absolute URL; the notice fades in 400 ms, out 600 ms, gone after 1 s (spec 9). */
export function CopyTableLink({ path }: { path: string }) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(new URL(path, window.location.origin).href);
      setFailed(false);
      setCopied(true);
    } catch {
      // Clipboard needs a secure context and permission; say so instead of failing silently.
      setFailed(true);
    }
  };

  return (
    <>
      <IconButton size="small" aria-label="Copy table link" onClick={copy}>
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

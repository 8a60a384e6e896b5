import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import type { ChangeLogVersion } from "@tt/protocol";
import DOMPurify from "dompurify";
import { useState } from "react";

/** The project's change log, one version at a time, starting on the newest (the list is oldest first). */
export function ChangeLog({ versions }: { versions: ChangeLogVersion[] }) {
  const [index, setIndex] = useState(versions.length - 1);
  const current = versions[Math.min(Math.max(index, 0), versions.length - 1)];
  if (!current) return null;
  const shown = versions.indexOf(current);
  return (
    <Box component="section" aria-labelledby="change-log-heading" sx={{ mt: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <Typography id="change-log-heading" variant="h3" component="h2">
          Change log
        </Typography>
        <IconButton
          size="small"
          aria-label="Previous version"
          disabled={shown <= 0}
          onClick={() => setIndex(shown - 1)}
        >
          <ChevronLeftIcon />
        </IconButton>
        <Typography component="span" aria-live="polite">
          {current.date ? `${current.version} (${current.date})` : current.version}
        </Typography>
        <IconButton
          size="small"
          aria-label="Next version"
          disabled={shown >= versions.length - 1}
          onClick={() => setIndex(shown + 1)}
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box
        sx={{ typography: "body2", "& p": { my: 0.5 } }}
        // The server sanitises change notes; sanitising again here keeps the page safe on its own.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
        dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(current.notes) }}
      />
    </Box>
  );
}

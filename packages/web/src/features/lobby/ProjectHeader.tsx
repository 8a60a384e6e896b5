import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Collapse from "@mui/material/Collapse";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ProjectDetail } from "@tt/protocol";
import DOMPurify from "dompurify";
import { useState } from "react";
import { Link } from "react-router";
import { ChangeLog } from "./ChangeLog";

/** Name, designer, description and change log; collapsible. Buttons by permission (spec section 2). */
export function ProjectHeader({ detail }: { detail: ProjectDetail }) {
  const [open, setOpen] = useState(true);
  const base = `/projects/${encodeURIComponent(detail.slug)}`;
  return (
    <Paper component="header" sx={{ p: { xs: 2, sm: 3 }, mb: 3, bgcolor: "rgba(255,255,255,0.92)" }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography id="project-heading" variant="h1" sx={{ flexGrow: 1, mb: 0 }}>
          {detail.project_name}
        </Typography>
        {detail.permissions.feedback && (
          <Button variant="outlined" component={Link} to={`${base}/feedback`}>
            Feedback Results
          </Button>
        )}
        {detail.permissions.projectAdmin && (
          <Button variant="outlined" component={Link} to={`${base}/admin`}>
            Project Administration
          </Button>
        )}
        <IconButton
          aria-label={open ? "Collapse project header" : "Expand project header"}
          aria-expanded={open}
          aria-controls="project-header-details"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        </IconButton>
      </Box>
      <Typography color="text.secondary">{`Designer: ${detail.designer}`}</Typography>
      <Collapse in={open} id="project-header-details">
        <Box
          sx={{ mt: 2, "& p": { my: 1 }, "& img": { maxWidth: "100%" } }}
          // The server sanitises the description; sanitising again here keeps the page safe on its own.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
          dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(detail.description) }}
        />
        <ChangeLog versions={detail.changeLog} />
      </Collapse>
    </Paper>
  );
}

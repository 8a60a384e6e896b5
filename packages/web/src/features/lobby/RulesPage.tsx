// The rulebook the table's menu opens in a popup window (game-table.md section 2): the project's
// description, which is where its designers write how the game is played. Sanitised like everywhere.

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { PROJECT_DETAIL_FAILURE } from "@tt/protocol";
import DOMPurify from "dompurify";
import { useParams } from "react-router";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { WaitState } from "../../lib/WaitState";
import { useProjectDetail } from "./api";

export default function RulesPage() {
  const { projectSlug = "" } = useParams();
  const detail = useProjectDetail(projectSlug);
  useDocumentTitle(detail.data ? `${detail.data.project_name} rules` : "Rules");
  if (detail.isPending) return <WaitState message="Loading project..." />;
  if (!detail.data) {
    return (
      <Alert severity="error" role="alert">
        {detail.error?.message ?? PROJECT_DETAIL_FAILURE}
      </Alert>
    );
  }
  return (
    <Box component="article" aria-label="Rulebook" sx={{ maxWidth: 760, mx: "auto" }}>
      <Typography variant="h1" gutterBottom>
        {detail.data.project_name}: rules
      </Typography>
      <Box
        sx={{ "& img": { maxWidth: "100%" } }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above.
        dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(detail.data.description) }}
      />
    </Box>
  );
}

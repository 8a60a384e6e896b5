// /projects/{projectSlug}/admin/component-editor (admin-decks-editor.md section 2): loads the development
// components and the project's images, then hands them to the editor. Only designers and site admins may
// read or change the game implementation; the server answers 403 to everyone else.
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useParams } from "react-router";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { LoadError, useAssets, useDevComponents } from "./api";
import { Editor } from "./Editor";
import { MESSAGES } from "./model/messages";
import { normaliseTree } from "./model/tree";

export const NOT_ALLOWED = "Only the project's designers and site admins can use the component editor.";

export default function ComponentEditorPage() {
  const { projectSlug = "" } = useParams();
  useDocumentTitle(`${projectSlug} component editor`);
  const components = useDevComponents(projectSlug);
  const assets = useAssets(projectSlug);

  if (components.isPending || assets.isPending)
    return (
      <Box
        role="status"
        sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 1, py: 8 }}
      >
        <CircularProgress aria-hidden="true" />
        {assets.isPending && <Typography>{MESSAGES.loadingImages}</Typography>}
        {components.isPending && <Typography>{MESSAGES.loadingComponents}</Typography>}
      </Box>
    );

  const failure = components.error ?? assets.error;
  if (failure || !components.data || !assets.data) {
    const forbidden = failure instanceof LoadError && (failure.status === 403 || failure.status === 401);
    return (
      <Alert
        severity={forbidden ? "warning" : "error"}
        role="alert"
        action={
          <Button color="inherit" component={RouterLink} to={`/projects/${encodeURIComponent(projectSlug)}`}>
            Back to the project
          </Button>
        }
      >
        <Typography sx={{ fontWeight: 600 }}>{forbidden ? NOT_ALLOWED : MESSAGES.loadFailed}</Typography>
        {failure && <Typography variant="body2">{failure.message}</Typography>}
      </Alert>
    );
  }

  return (
    <Editor
      key={projectSlug}
      slug={projectSlug}
      initialTree={normaliseTree(components.data.components)}
      assets={assets.data}
    />
  );
}

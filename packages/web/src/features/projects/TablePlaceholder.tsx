import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useParams } from "react-router";
import { useDocumentTitle } from "../../lib/useDocumentTitle";

/** Holds the /projects/{slug}/table/{tableId} route until the game table lands. */
export default function TablePlaceholder() {
  const { projectSlug = "", tableId = "" } = useParams();
  useDocumentTitle(`Table ${tableId}`);
  return (
    <>
      <Typography variant="h1" gutterBottom>{`Table ${tableId}`}</Typography>
      <Typography>
        The game table is not available yet.{" "}
        <Link component={RouterLink} to={`/projects/${encodeURIComponent(projectSlug)}`}>
          Back to the lobby
        </Link>
      </Typography>
    </>
  );
}

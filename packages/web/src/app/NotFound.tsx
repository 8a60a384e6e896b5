import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { useDocumentTitle } from "../lib/useDocumentTitle";

export function NotFound() {
  useDocumentTitle("Page not found");
  return (
    <>
      <Typography variant="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography>
        There is nothing at this address.{" "}
        <Link component={RouterLink} to="/">
          Go to the home page
        </Link>
        .
      </Typography>
    </>
  );
}

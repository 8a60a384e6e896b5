import Typography from "@mui/material/Typography";
import { useParams } from "react-router";
import { useDocumentTitle } from "../../lib/useDocumentTitle";

/** Username heading only for now; badges, bio and stats come with the profile issue. */
export default function ProfilePage() {
  const { username = "" } = useParams();
  useDocumentTitle(username);
  return (
    <Typography variant="h1" gutterBottom>
      {username}
    </Typography>
  );
}

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { STORAGE_KEYS } from "@tt/protocol";
import { local } from "../../lib/storage";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { WaitState } from "../../lib/WaitState";
import { NotificationOptIn } from "../notifications";
import { useProjectList } from "../projects";
import { ProjectTile } from "./ProjectTile";
import { Welcome } from "./Welcome";

export function HomePage() {
  useDocumentTitle();
  // Read once per page load: dismissing reloads the page (spec section 1).
  if (local.getItem(STORAGE_KEYS.welcomeDismissed) !== "1") return <Welcome />;
  return (
    <>
      <NotificationOptIn />
      <GameList />
    </>
  );
}

function GameList() {
  const projects = useProjectList();
  return (
    <section aria-labelledby="games-heading">
      <Typography id="games-heading" variant="h1" gutterBottom>
        Select a game
      </Typography>
      {projects.isPending && <WaitState message="Loading games..." />}
      {projects.isError && <Alert severity="error">{projects.error.message}</Alert>}
      {projects.data?.length === 0 && <Typography>No games are open to you yet.</Typography>}
      {projects.data && projects.data.length > 0 && (
        <Box
          component="ul"
          sx={{
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
            gap: 2,
            p: 0,
            m: 0,
          }}
        >
          {projects.data.map((project) => (
            <ProjectTile key={project.slug} project={project} />
          ))}
        </Box>
      )}
    </section>
  );
}

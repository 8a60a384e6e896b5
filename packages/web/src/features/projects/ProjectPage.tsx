import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { useParams } from "react-router";
import { WaitState } from "../../app/WaitState";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useProjectList } from "./useProjectList";

/** Minimal lobby: name and designer from the project list. The full lobby comes in a later issue. */
export default function ProjectPage() {
  const { projectSlug = "" } = useParams();
  const projects = useProjectList();
  const project = projects.data?.find((entry) => entry.slug === projectSlug);
  useDocumentTitle(project?.project_name ?? "Project");

  if (projects.isPending) return <WaitState message="Loading project..." />;
  if (!project) return <Alert severity="warning">Project data not found (not authorized?)</Alert>;
  return (
    <section aria-labelledby="project-heading">
      <Typography id="project-heading" variant="h1" gutterBottom>
        {project.project_name}
      </Typography>
      <Typography color="text.secondary">{`Designer: ${project.designer}`}</Typography>
    </section>
  );
}

import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Typography from "@mui/material/Typography";
import type { ProjectListEntry } from "@tt/protocol";
import { Link } from "react-router";

export function ProjectTile({ project }: { project: ProjectListEntry }) {
  return (
    <Card component="li" sx={{ listStyle: "none" }}>
      <CardActionArea component={Link} to={`/projects/${encodeURIComponent(project.slug)}`}>
        {project.boxImage ? (
          <CardMedia
            component="img"
            height="160"
            image={project.boxImage}
            alt=""
            sx={{ objectFit: "contain", bgcolor: "grey.100" }}
          />
        ) : (
          // No box art yet: a neutral block keeps the grid even.
          <Box aria-hidden="true" sx={{ height: 160, bgcolor: "primary.light", opacity: 0.25 }} />
        )}
        <CardContent>
          <Typography variant="h3" component="h2">
            {project.project_name}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

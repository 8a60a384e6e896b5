import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CreateProjectRequest,
  createProjectSchema,
  PROJECT_VISIBILITIES,
  type ProjectListEntry,
} from "@tt/protocol";
import { type FormEvent, useState } from "react";
import { Link as RouterLink } from "react-router";
import { api, failureText } from "../../lib/api";
import { isSiteAdmin } from "../../lib/roles";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useCurrentUser } from "../../services/auth";

async function createProject(body: CreateProjectRequest): Promise<ProjectListEntry> {
  const result = await api<ProjectListEntry>("/api/projects/create", { method: "POST", body });
  if (!result.ok || !result.json) throw new Error(failureText(result));
  return result.json;
}

/** Site admins start a new game project; it plays with the default rules until its own module ships. */
export default function NewProjectPage() {
  useDocumentTitle("New project");
  const { data: user } = useCurrentUser();
  const client = useQueryClient();
  const [form, setForm] = useState({ slug: "", projectName: "", designer: "", visibility: "closed" });
  const [clientError, setClientError] = useState("");
  const mutation = useMutation({
    mutationFn: createProject,
    // The home page's game list must show the new project.
    onSuccess: () => client.invalidateQueries({ queryKey: ["projectList"] }),
  });
  if (!isSiteAdmin(user?.role))
    return <Alert severity="warning">Only site admins can create projects.</Alert>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createProjectSchema.safeParse(form);
    if (!parsed.success) return setClientError(parsed.error.issues[0]?.message ?? "Please check the form.");
    setClientError("");
    mutation.mutate(parsed.data);
  };
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  const error = clientError || (mutation.isError ? mutation.error.message : "");

  return (
    <Paper component="section" aria-labelledby="new-project-heading" sx={{ p: 3, maxWidth: 560 }}>
      <Typography id="new-project-heading" variant="h1" gutterBottom>
        New project
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A new project plays with the default rules (select, then place; decks, banks, counters) until a rule
        module with its slug is shipped. Closed projects are visible to site admins and project members only.
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextField
            label="Slug"
            value={form.slug}
            onChange={set("slug")}
            helperText="Part of every link: lower-case letters, digits and hyphens. Cannot be changed later."
            autoFocus
          />
          <TextField label="Name" value={form.projectName} onChange={set("projectName")} />
          <TextField label="Designer" value={form.designer} onChange={set("designer")} />
          <TextField select label="Visibility" value={form.visibility} onChange={set("visibility")}>
            {PROJECT_VISIBILITIES.map((v) => (
              <MenuItem key={v} value={v}>
                {v}
              </MenuItem>
            ))}
          </TextField>
          {error && <Alert severity="error">{error}</Alert>}
          {mutation.isSuccess && (
            <Alert severity="success">
              Project created:{" "}
              <Link component={RouterLink} to={`/projects/${encodeURIComponent(mutation.data.slug)}`}>
                {mutation.data.project_name}
              </Link>
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" loading={mutation.isPending}>
              Create project
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}

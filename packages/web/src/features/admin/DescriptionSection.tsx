import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import type { AdminInfo, ProjectInfo } from "@tt/protocol";
import DOMPurify from "dompurify";
import { useState } from "react";
import { adminKeys, updateProjectInfo } from "./api";
import { StatusText, useStatus } from "./parts";

/** The project description: HTML the server sanitises, with a live preview (sanitised here too). */
export function DescriptionSection({ info }: { info: AdminInfo }) {
  const [draft, setDraft] = useState(info.description);
  const { status, busy, ok, fail } = useStatus();
  const client = useQueryClient();
  const save = async () => {
    busy("Updating...");
    try {
      const saved = await updateProjectInfo(info.slug, "description", draft);
      setDraft(saved.value);
      ok("Update success!");
      void client.invalidateQueries({ queryKey: adminKeys.info(info.slug) });
    } catch (err) {
      fail((err as Error).message);
    }
  };
  return (
    <Stack spacing={2}>
      <TextField
        label="Description (HTML)"
        multiline
        minRows={4}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        helperText="Scripts, styles and event handlers are removed when saved."
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <Button variant="contained" onClick={save} disabled={draft === info.description}>
          Save description
        </Button>
        <StatusText status={status} />
      </Stack>
      {draft.trim() && (
        <Box>
          <Typography variant="h3" gutterBottom>
            Preview
          </Typography>
          <Box
            data-testid="description-preview"
            sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, "& img": { maxWidth: "100%" } }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just here
            dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(draft) }}
          />
        </Box>
      )}
    </Stack>
  );
}

/** The description as the project shows it, for those who may not edit it. */
export function DescriptionText({ info }: { info: ProjectInfo }) {
  return (
    <Box
      data-testid="project-description"
      sx={{ "& img": { maxWidth: "100%" } }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when saved and by DOMPurify here
      dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(info.description) }}
    />
  );
}

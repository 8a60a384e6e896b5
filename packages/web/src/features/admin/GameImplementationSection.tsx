// The game implementation (admin-decks-editor.md section 2): open the component editor, update the
// development components from the latest table, push development components to production.

import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ComponentsResponse, type PushToProductionResponse, STATUS } from "@tt/protocol";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { api, failureText } from "../../lib/api";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { paths } from "./decksApi";
import { StatusText, useStatus } from "./parts";

export function GameImplementationSection({ slug, mayEdit }: { slug: string; mayEdit: boolean }) {
  const status = useStatus();
  const [confirmPush, setConfirmPush] = useState(false);

  const fromTable = async () => {
    status.busy(STATUS.updating);
    const result = await api(paths.devFromTable(slug), { method: "POST" });
    if (result.ok) status.ok(result.text);
    else status.fail(failureText(result));
  };

  const push = async () => {
    status.busy("Reading development components...");
    // Read the development components first (section 2), so a push never sends nothing.
    const dev = await api<ComponentsResponse>(paths.components(slug, true));
    if (!dev.ok || !dev.json?.components) {
      status.fail(dev.ok ? "There are no development components to push." : failureText(dev));
      return;
    }
    status.busy("Pushing to production...");
    const result = await api<PushToProductionResponse>(paths.pushToProduction(slug), { method: "POST" });
    if (result.ok) status.ok(`Pushed to production: components version ${result.json?.version ?? "?"}.`);
    else status.fail(failureText(result));
  };

  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        New tables start with the production components. The component editor works on the development copy.
      </Typography>
      {!mayEdit && (
        <Typography variant="body2" color="text.secondary">
          The project's designers and site admins maintain the game implementation.
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
        {/* The editor saves for designers and site admins only: mods are not sent to a page that refuses them. */}
        {mayEdit && (
          <Button
            variant="outlined"
            component={RouterLink}
            to={`/projects/${encodeURIComponent(slug)}/admin/component-editor`}
          >
            Open component editor
          </Button>
        )}
        {mayEdit && (
          <Button variant="outlined" onClick={() => void fromTable()}>
            Update development from latest table
          </Button>
        )}
        {mayEdit && (
          <Button variant="contained" onClick={() => setConfirmPush(true)}>
            Push development to production
          </Button>
        )}
      </Stack>
      <StatusText status={status.status} />
      <ConfirmDialog
        open={confirmPush}
        title="Push to production?"
        text="New tables will start with the development components. Running tables keep theirs."
        confirmLabel="Push"
        onConfirm={() => void push()}
        onClose={() => setConfirmPush(false)}
      />
    </Stack>
  );
}

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { AdminInfo } from "@tt/protocol";
import { useState } from "react";
import { ConfirmDialog } from "../../lib/ConfirmDialog";
import { archiveTables, deleteTables } from "./api";
import { StatusText, useStatus } from "./parts";

/**
 * Archive: every table of the project that has not ended is ended (its moves, chat and feedback stay).
 * Delete: every table of the project with its moves, chat and feedback; the project itself stays.
 */
export function DangerZoneSection({ info }: { info: AdminInfo }) {
  const [asking, setAsking] = useState<"archive" | "delete" | null>(null);
  const { status, busy, ok, fail } = useStatus();
  const run = async (call: (slug: string) => Promise<string>) => {
    busy("Updating...");
    try {
      ok(await call(info.slug));
    } catch (err) {
      fail((err as Error).message);
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">These actions cannot be undone.</Alert>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <Button
          variant="outlined"
          color="warning"
          disabled={!info.rights.archiveTables}
          onClick={() => setAsking("archive")}
        >
          Archive all tables
        </Button>
        <Typography variant="body2" color="text.secondary">
          Ends every table of the project that has not ended; results and feedback stay.
        </Typography>
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <Button
          variant="contained"
          color="error"
          disabled={!info.rights.deleteData}
          onClick={() => setAsking("delete")}
        >
          Delete all tables and data
        </Button>
        <Typography variant="body2" color="text.secondary">
          {info.rights.deleteData
            ? "Deletes every table with its moves, chat and feedback. The project stays."
            : "Only site admins and the project's designers may delete its tables."}
        </Typography>
      </Stack>
      <StatusText status={status} />
      <ConfirmDialog
        open={asking === "archive"}
        title="Archive all tables?"
        text={`Every table of ${info.slug} that has not ended will be ended now.`}
        confirmLabel="Archive"
        onConfirm={() => void run(archiveTables)}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === "delete"}
        title="Confirm deletion?"
        text={`Every table of ${info.slug}, with its moves, chat and feedback, will be deleted.`}
        confirmLabel="Delete"
        onConfirm={() => void run(deleteTables)}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}

// Rematch (issue 37 point 4): the button that makes the new table with the same seats, options and
// bots and takes the player there, and the invitation the other players see at their ended table.
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import type { RematchInvite } from "@tt/protocol";
import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { rematchPath, requestRematch } from "./rematchApi";

export const REMATCH = "Rematch";
export const JOIN_REMATCH = "Join the rematch";

export function RematchButton({
  tableId,
  variant = "contained",
}: {
  tableId: string;
  variant?: "contained" | "outlined";
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = async () => {
    // A second click while the first is on its way makes nothing more (and the server answers the
    // same table to it anyway).
    if (busy) return;
    setBusy(true);
    setError(null);
    const answer = await requestRematch(tableId);
    setBusy(false);
    if (answer.ok) navigate(rematchPath(answer.rematch));
    else setError(answer.reason);
  };
  return (
    <Stack spacing={1}>
      <Button variant={variant} onClick={() => void onClick()} disabled={busy}>
        {REMATCH}
      </Button>
      {error !== null && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

export function RematchInviteNotice({ invite }: { invite: RematchInvite }) {
  return (
    <Alert severity="info" role="status" aria-label="Rematch invitation">
      {invite.by} made a rematch with the same seats.{" "}
      <Link component={RouterLink} to={rematchPath(invite)} sx={{ fontWeight: 700 }}>
        {JOIN_REMATCH}
      </Link>
    </Alert>
  );
}

import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { rolesAtOrBelow, SITE_ROLES } from "@tt/protocol";
import { useState } from "react";
import { isSiteAdmin } from "../../lib/roles";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { WaitState } from "../../lib/WaitState";
import { useCurrentUser } from "../../services/auth";
import { fetchInvitations, INVITATIONS_KEY } from "./api";
import { CreateInvitations } from "./CreateInvitations";
import { InvitationTable } from "./InvitationTable";
import { filterInvitations, INVITATION_FILTERS, type InvitationFilter } from "./invitations";

export default function InvitationsPage() {
  useDocumentTitle("Invitations");
  const { data: user } = useCurrentUser();
  if (!isSiteAdmin(user?.role)) {
    return <Alert severity="warning">Only site admins can manage invitations.</Alert>;
  }
  return (
    <>
      <Typography variant="h1" gutterBottom>
        Invitations
      </Typography>
      <CreateInvitations viewerRole={user?.role ?? "user"} />
      <InvitationList viewerRole={user?.role ?? "user"} />
    </>
  );
}

function InvitationList({ viewerRole }: { viewerRole: string }) {
  const above = SITE_ROLES.filter((r) => !rolesAtOrBelow(viewerRole).includes(r));
  const [filter, setFilter] = useState<InvitationFilter>("unused");
  // Codes get used while the page is open: fetch again when the admin comes back or changes the filter.
  const list = useQuery({ queryKey: INVITATIONS_KEY, queryFn: fetchInvitations, refetchOnWindowFocus: true });
  const shown = list.data ? filterInvitations(list.data, filter) : [];
  return (
    <Paper component="section" aria-labelledby="list-heading" sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 2, flexWrap: "wrap" }}>
        <Typography id="list-heading" variant="h2" sx={{ flexGrow: 1 }}>
          All invitations
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_event, value: InvitationFilter | null) => {
            if (!value) return;
            setFilter(value);
            void list.refetch();
          }}
          aria-label="Show"
        >
          {INVITATION_FILTERS.map((f) => (
            <ToggleButton key={f} value={f}>
              {f}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {above.length > 0 && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {`Unused codes for roles above yours (${above.join(", ")}) are not shown.`}
        </Typography>
      )}
      {list.isPending && <WaitState message="Loading invitations..." />}
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      {list.data && shown.length === 0 && (
        <Typography>{`No ${filter === "all" ? "" : `${filter} `}invitations.`}</Typography>
      )}
      {shown.length > 0 && <InvitationTable invitations={shown} />}
    </Paper>
  );
}

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createInvitationsSchema, type Invitation, rolesAtOrBelow, type SiteRole } from "@tt/protocol";
import { type FormEvent, useState } from "react";
import { createInvitations, INVITATIONS_KEY } from "./api";
import { CopyLinkButton } from "./CopyLinkButton";

/** `viewerRole`: the roles offered are theirs and below (the server refuses the others as well). */
export function CreateInvitations({ viewerRole }: { viewerRole: string }) {
  const roles = rolesAtOrBelow(viewerRole);
  const client = useQueryClient();
  const [count, setCount] = useState("1");
  const [role, setRole] = useState<SiteRole>("user");
  const [clientError, setClientError] = useState("");
  const mutation = useMutation({
    mutationFn: createInvitations,
    onSuccess: () => client.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createInvitationsSchema.safeParse({ count: Number(count), role });
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message ?? "Please check the form.");
      return;
    }
    setClientError("");
    mutation.mutate(parsed.data);
  };

  const error = clientError || (mutation.isError ? mutation.error.message : "");
  return (
    <Paper component="section" aria-labelledby="create-heading" sx={{ p: 3, mb: 3 }}>
      <Typography id="create-heading" variant="h2" gutterBottom>
        Create invitations
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
          <TextField
            label="Count"
            name="count"
            type="number"
            value={count}
            onChange={(e) => setCount(e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: 100 } }}
            sx={{ width: 120 }}
          />
          <TextField
            select
            label="Role"
            name="role"
            value={role}
            onChange={(e) => setRole(e.target.value as SiteRole)}
            sx={{ minWidth: 160 }}
          >
            {roles.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" loading={mutation.isPending} sx={{ height: 56 }}>
            Create
          </Button>
        </Stack>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {mutation.data && <NewCodes invitations={mutation.data} />}
    </Paper>
  );
}

function NewCodes({ invitations }: { invitations: Invitation[] }) {
  return (
    <Box sx={{ mt: 2 }}>
      <div role="status">
        <Typography variant="h3" component="h3">
          {`Created ${invitations.length} ${invitations.length === 1 ? "code" : "codes"}`}
        </Typography>
      </div>
      <List dense aria-label="New invitation codes">
        {invitations.map((inv) => (
          <ListItem key={inv.code} disableGutters sx={{ gap: 1, flexWrap: "wrap" }}>
            <Typography component="code" sx={{ fontFamily: "monospace", fontSize: "1.1rem" }}>
              {inv.code}
            </Typography>
            <Typography component="span" color="text.secondary">{`(${inv.role})`}</Typography>
            <CopyLinkButton code={inv.code} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

import CancelIcon from "@mui/icons-material/Cancel";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import {
  type AdminInfo,
  PROJECT_ROLES,
  PROJECT_VISIBILITIES,
  type ProjectInfo,
  type ProjectRoleName,
} from "@tt/protocol";
import { type FormEvent, useState } from "react";
import { addRole, adminKeys, removeRole, updateProjectInfo } from "./api";
import { StatusText, useStatus } from "./parts";

const ROLE_LABELS: Record<ProjectRoleName, string> = {
  designer: "Designers",
  mod: "Mods",
  player: "Players",
};

/** Visibility: changing the select saves at once and shows 'Update success!'. */
export function VisibilityControl({ info }: { info: AdminInfo }) {
  const [value, setValue] = useState(info.visibility);
  const { status, busy, ok, fail } = useStatus();
  const client = useQueryClient();
  const change = async (next: string) => {
    const previous = value;
    setValue(next);
    busy("Updating...");
    try {
      await updateProjectInfo(info.slug, "visibility", next);
      ok("Update success!");
      void client.invalidateQueries({ queryKey: adminKeys.info(info.slug) });
    } catch (err) {
      setValue(previous);
      fail((err as Error).message);
    }
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 3 }}>
      <TextField
        select
        label="Visibility"
        value={value}
        onChange={(e) => void change(e.target.value)}
        sx={{ minWidth: 200 }}
      >
        {PROJECT_VISIBILITIES.map((v) => (
          <MenuItem key={v} value={v}>
            {v}
          </MenuItem>
        ))}
      </TextField>
      <StatusText status={status} />
    </Stack>
  );
}

/** Visibility for those who may not change it. */
export function VisibilityText({ visibility }: { visibility: string }) {
  return <Typography sx={{ mb: 3 }}>Visibility: {visibility}</Typography>;
}

/**
 * Role lists, with removal and the add form limited to the roles the viewer may grant: none for
 * players and other viewers, who see the lists only ('others see no add form').
 */
export function RolesSection({ info }: { info: ProjectInfo }) {
  const client = useQueryClient();
  const allowed = info.rights.assignableRoles;
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.info(info.slug) });
  const remove = async (username: string, roleName: ProjectRoleName) => {
    try {
      setResult({ text: await removeRole(info.slug, { username, roleName }), error: false });
      await refresh();
    } catch (err) {
      setResult({ text: (err as Error).message, error: true });
    }
  };
  return (
    <Box>
      <Typography variant="h3" gutterBottom>
        Roles
      </Typography>
      {PROJECT_ROLES.map((role) => (
        <Box key={role} sx={{ mb: 1.5 }}>
          <Typography variant="subtitle2" component="h4">
            {ROLE_LABELS[role]}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
            {info.roles[role].length === 0 && (
              <Typography variant="body2" color="text.secondary">
                None
              </Typography>
            )}
            {info.roles[role].map((name) => (
              <Chip
                key={name}
                label={name}
                onDelete={allowed.includes(role) ? () => void remove(name, role) : undefined}
                deleteIcon={<CancelIcon titleAccess={`Remove ${name} from ${role}`} />}
              />
            ))}
          </Stack>
        </Box>
      ))}
      {allowed.length > 0 && <AddRoleForm info={info} onDone={setResult} refresh={refresh} />}
      {result && (
        <Alert severity={result.error ? "error" : "success"} role="status" sx={{ mt: 2 }}>
          {result.text}
        </Alert>
      )}
    </Box>
  );
}

function AddRoleForm({
  info,
  onDone,
  refresh,
}: {
  info: ProjectInfo;
  onDone(result: { text: string; error: boolean }): void;
  refresh(): Promise<void>;
}) {
  const allowed = info.rights.assignableRoles;
  const [username, setUsername] = useState("");
  const [inviteCode, setInviteCode] = useState("");
  const [roleName, setRoleName] = useState<ProjectRoleName>(allowed[allowed.length - 1] ?? "player");
  const [sending, setSending] = useState(false);
  const empty = !username.trim() && !inviteCode.trim();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (empty) return;
    setSending(true);
    try {
      onDone({
        text: await addRole(info.slug, {
          username: username.trim(),
          inviteCode: inviteCode.trim(),
          roleName,
        }),
        error: false,
      });
      setUsername("");
      setInviteCode("");
      await refresh();
    } catch (err) {
      onDone({ text: (err as Error).message, error: true });
    } finally {
      setSending(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="Add a member" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4" gutterBottom>
        Add a member
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
        <TextField
          label="User name"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          size="small"
        />
        <TextField
          label="Invite code"
          value={inviteCode}
          onChange={(e) => setInviteCode(e.target.value)}
          size="small"
          helperText="One of these fields is sufficient"
        />
        <TextField
          select
          label="Role"
          value={roleName}
          onChange={(e) => setRoleName(e.target.value as ProjectRoleName)}
          size="small"
          sx={{ minWidth: 140 }}
        >
          {allowed.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={empty || sending}>
          Add
        </Button>
      </Stack>
    </Box>
  );
}

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { LoginResponse } from "@tt/protocol";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "react-router";
import { api, failureText } from "../../lib/api";
import { PlainField } from "../../lib/PlainField";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useSignedIn } from "../../services/auth";

/** Set by the register page after success, so the gate can say so and prefill the name. */
export interface LoginGateState {
  notice?: string;
  userName?: string;
}

/** Shown at every path while logged out; after login the same address shows its page. */
export function LoginGate() {
  useDocumentTitle("Log in");
  const state = (useLocation().state ?? {}) as LoginGateState;
  const signedIn = useSignedIn();
  const [userName, setUserName] = useState(state.userName ?? "");
  const [userPassword, setUserPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!userName.trim()) return setError("User name is required.");
    if (!userPassword) return setError("Password is required.");
    setBusy(true);
    setError("");
    const result = await api<LoginResponse>("/api/login", {
      method: "POST",
      body: { userName: userName.trim(), userPassword },
    });
    setBusy(false);
    if (result.ok && result.json) signedIn(result.json);
    else setError(failureText(result));
  };

  return (
    <Paper
      component="section"
      aria-labelledby="login-heading"
      sx={{ maxWidth: 420, mx: "auto", mt: 4, p: 3 }}
    >
      <Typography id="login-heading" variant="h1" gutterBottom>
        Log in
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Tabletop Lab is open to invited testers only.
      </Typography>
      {state.notice && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {state.notice}
        </Alert>
      )}
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <PlainField
            label="User name"
            name="userName"
            autoComplete="username"
            autoFocus={!state.userName}
            required
            value={userName}
            onChange={(e) => setUserName(e.target.value)}
          />
          <PlainField
            label="Password"
            name="userPassword"
            type="password"
            autoComplete="current-password"
            // Coming from registration the name is filled in, so start at the password.
            autoFocus={Boolean(state.userName)}
            required
            value={userPassword}
            onChange={(e) => setUserPassword(e.target.value)}
          />
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" loading={busy}>
              Log in
            </Button>
            <Button component={Link} to="/register" variant="outlined">
              Register
            </Button>
          </Stack>
          {/* MUI Alert carries role="alert", so the message is announced. */}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </Box>
    </Paper>
  );
}

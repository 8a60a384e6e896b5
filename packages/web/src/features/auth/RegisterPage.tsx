import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { api, failureText } from "../../lib/api";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import type { LoginGateState } from "./LoginGate";
import { checkRegistration, type RegisterField, type RegisterForm } from "./validate";

const REGISTRATION_SUCCESSFUL = "Registration successful";

export default function RegisterPage() {
  useDocumentTitle("Register");
  const navigate = useNavigate();
  // The server prints a registration URL with the code, and admins share such links.
  const [params] = useSearchParams();
  const [form, setForm] = useState<RegisterForm>({
    userName: "",
    userPassword: "",
    confirmPassword: "",
    email: "",
    inviteCode: params.get("inviteCode") ?? "",
  });
  const [message, setMessage] = useState<{ severity: "error" | "success"; text: string } | null>(null);
  const [badField, setBadField] = useState<RegisterField | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<RegisterField, HTMLInputElement | null>>>({});

  const field = (
    name: RegisterField,
    label: string,
    extra: { type?: string; autoComplete?: string; helperText?: string },
  ) => (
    <TextField
      label={label}
      name={name}
      required
      autoFocus={name === "userName"}
      value={form[name]}
      error={badField === name}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      inputRef={(el: HTMLInputElement | null) => {
        inputs.current[name] = el;
      }}
      // Every field is required; the asterisk would only clutter the labels (and their accessible names).
      slotProps={{ inputLabel: { required: false } }}
      {...extra}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkRegistration(form);
    if (!check.ok) {
      setBadField(check.field);
      setMessage({ severity: "error", text: check.message });
      inputs.current[check.field]?.focus();
      return;
    }
    setBadField(null);
    setMessage(null);
    setBusy(true);
    const result = await api("/api/registerUser", { method: "POST", body: check.body });
    setBusy(false);
    if (!result.ok) {
      setMessage({ severity: "error", text: failureText(result) });
      return;
    }
    setMessage({ severity: "success", text: REGISTRATION_SUCCESSFUL });
    // Up a level, to the login gate, which repeats the notice and prefills the name.
    const state: LoginGateState = { notice: REGISTRATION_SUCCESSFUL, userName: check.body.userName };
    navigate("/", { state });
  };

  return (
    <Paper
      component="section"
      aria-labelledby="register-heading"
      sx={{ maxWidth: 480, mx: "auto", mt: 4, p: 3 }}
    >
      <Typography id="register-heading" variant="h1" gutterBottom>
        Register
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        You need an invitation code from a community manager to register.
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {field("userName", "User name", {
            autoComplete: "username",
            helperText: "Choose carefully: your user name cannot be changed later.",
          })}
          {field("userPassword", "Password", {
            type: "password",
            autoComplete: "new-password",
            helperText: "Keep it safe: a forgotten password cannot be reset.",
          })}
          {field("confirmPassword", "Confirm password", { type: "password", autoComplete: "new-password" })}
          {field("email", "Email address", { type: "email", autoComplete: "email" })}
          {field("inviteCode", "Invitation code", { autoComplete: "off" })}
          {message && <Alert severity={message.severity}>{message.text}</Alert>}
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" loading={busy}>
              Register
            </Button>
            <Button component={Link} to="/" variant="text">
              Back to log in
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Paper>
  );
}

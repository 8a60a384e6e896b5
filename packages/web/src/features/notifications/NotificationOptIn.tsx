import NotificationsActiveIcon from "@mui/icons-material/NotificationsActive";
import NotificationsOffIcon from "@mui/icons-material/NotificationsOff";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { disablePush, enablePush, type PushState, pushState } from "./push";

const PUSH_STATE_KEY = ["push-state"] as const;

/** Home page opt-in for browser notifications (spec sections 1 and 2): table started, new player, your turn. */
export function NotificationOptIn() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: PUSH_STATE_KEY, queryFn: () => pushState(), staleTime: Infinity });
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? enablePush() : disablePush()),
    onSuccess: (next: PushState) => queryClient.setQueryData(PUSH_STATE_KEY, next),
  });
  const busy = change.isPending;
  const spinner = busy ? <CircularProgress size={16} color="inherit" aria-label="Working" /> : undefined;
  const error = change.error ?? state.error;

  let body: React.ReactNode = null;
  switch (state.data) {
    case "off":
      body = (
        <Alert
          severity="info"
          icon={<NotificationsOffIcon />}
          action={
            <Button
              color="inherit"
              size="small"
              disabled={busy}
              startIcon={spinner}
              onClick={() => change.mutate(true)}
            >
              Enable notifications
            </Button>
          }
        >
          Get a browser notification when your table starts, a new player joins it, or it is your turn.
        </Alert>
      );
      break;
    case "on":
      body = (
        <Alert
          severity="success"
          icon={<NotificationsActiveIcon />}
          action={
            <Button
              color="inherit"
              size="small"
              disabled={busy}
              startIcon={spinner}
              onClick={() => change.mutate(false)}
            >
              Turn off
            </Button>
          }
        >
          Notifications are on
        </Alert>
      );
      break;
    case "denied":
      body = (
        <Alert severity="warning" icon={<NotificationsOffIcon />}>
          Your browser blocks notifications from this site. To be told when your table starts or it is your
          turn, allow notifications for this site in the browser's site settings, then reload the page.
        </Alert>
      );
      break;
    case "unsupported":
      body = (
        <Alert severity="info" icon={<NotificationsOffIcon />}>
          This browser cannot show notifications from Tabletop Lab here (they need a current browser and a
          secure https connection).
        </Alert>
      );
      break;
  }
  if (!body && !error) return null;
  return (
    <Box
      component="section"
      aria-label="Notifications"
      sx={{ mb: 3, maxWidth: 760, display: "grid", gap: 1 }}
    >
      {body}
      {error && (
        <Alert severity="error" onClose={change.error ? () => change.reset() : undefined}>
          {error.message}
        </Alert>
      )}
    </Box>
  );
}

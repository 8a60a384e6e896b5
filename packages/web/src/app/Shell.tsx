import Alert from "@mui/material/Alert";
import Backdrop from "@mui/material/Backdrop";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { type ReactNode, Suspense } from "react";
import { WaitState } from "../lib/WaitState";
import type { CurrentUser } from "../services/auth";
import { SocketProvider, useSocket } from "../services/socket";
import { LoggedInRoutes, LoggedOutRoutes } from "./routes";
import { TopBar } from "./TopBar";

const CONNECTING = "Please wait, connecting websocket";

function Main({ children }: { children: ReactNode }) {
  return (
    <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
      <Suspense fallback={<WaitState message="Loading..." />}>{children}</Suspense>
    </Container>
  );
}

export function LoggedOutShell() {
  return (
    <>
      <TopBar user={null} />
      <Main>
        <LoggedOutRoutes />
      </Main>
    </>
  );
}

export function LoggedInShell({ user }: { user: CurrentUser }) {
  return (
    <SocketProvider username={user.username}>
      <TopBar user={user} />
      <Main>
        <Connected />
      </Main>
    </SocketProvider>
  );
}

/**
 * Pages mount only after the first connect, so none acts before realtime is up. A later drop keeps
 * the page (and its unsaved input) but covers it until the socket is back.
 */
function Connected() {
  const { connected, everConnected, refused } = useSocket();
  if (refused && !connected) return <Alert severity="warning">{refused}</Alert>;
  if (!everConnected) return <WaitState message={CONNECTING} />;
  return (
    <>
      {/* inert: the backdrop stops the mouse, this stops the keyboard. */}
      <div inert={!connected}>
        <LoggedInRoutes />
      </div>
      <Backdrop open={!connected} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: "#fff" }}>
        <Box
          role="status"
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 2,
            bgcolor: "rgba(0,0,0,0.8)",
            px: 3,
            py: 2,
            borderRadius: 2,
          }}
        >
          <CircularProgress color="inherit" aria-hidden="true" />
          <Typography>{CONNECTING}</Typography>
        </Box>
      </Backdrop>
    </>
  );
}

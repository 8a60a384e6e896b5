import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { useCurrentUser } from "./auth";
import { LoggedInShell, LoggedOutShell } from "./Shell";
import { theme } from "./theme";
import { WaitState } from "./WaitState";

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <BrowserRouter>
          <AuthSwitch />
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** The ping at start decides which app the user sees (spec section 4). */
function AuthSwitch() {
  const ping = useCurrentUser();
  if (ping.isPending) return <WaitState message="Loading..." />;
  // A failed re-check while logged in means the server is unreachable (a restart, a network blip), not
  // that the user logged out: keep the app mounted so the socket reconnects and the table resumes.
  if (ping.isError && ping.data === undefined) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void ping.refetch()}>
              Retry
            </Button>
          }
        >
          {ping.error.message}
        </Alert>
      </Container>
    );
  }
  return ping.data ? <LoggedInShell user={ping.data} /> : <LoggedOutShell />;
}

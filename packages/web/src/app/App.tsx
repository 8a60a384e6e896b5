import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createBrowserRouter, RouterProvider, useRouteError } from "react-router";
import { WaitState } from "../lib/WaitState";
import { useCurrentUser } from "../services/auth";
import { LoggedInShell, LoggedOutShell } from "./Shell";
import { theme } from "./theme";

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

// A data router (one catch-all route; the pages keep their <Routes>) only so that a page can hold a
// navigation with useBlocker: the component editor asks before unsaved changes are left behind. Its
// error boundary throws the error on, so a crash stays an uncaught error, as under <BrowserRouter>,
// rather than a page of the router's own.
const router = createBrowserRouter([{ path: "*", element: <AuthSwitch />, errorElement: <Rethrow /> }]);

function Rethrow(): never {
  throw useRouteError();
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
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

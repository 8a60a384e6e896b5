import { createTheme } from "@mui/material/styles";

// Green felt and warm card stock: a table-top feel without images.
export const theme = createTheme({
  palette: {
    primary: { main: "#2e5d4b" },
    secondary: { main: "#b7791f" },
    // MUI's orange (#ed6c02) reads at 3.1:1 on white; this one at 5:1 (WCAG AA for text).
    warning: { main: "#b45309" },
    background: { default: "#f6f3ec" },
  },
  shape: { borderRadius: 8 },
  // Labels read as written ('Log in', 'Got it, let me in already!'): the spec's strings, not shouted.
  components: {
    MuiButton: { styleOverrides: { root: { textTransform: "none" } } },
    MuiToggleButton: { styleOverrides: { root: { textTransform: "none" } } },
  },
  typography: {
    h1: { fontSize: "2rem", fontWeight: 600 },
    h2: { fontSize: "1.5rem", fontWeight: 600 },
    h3: { fontSize: "1.2rem", fontWeight: 600 },
  },
});

import Box from "@mui/material/Box";
import { Link } from "react-router";

/** A tile with three pips (two pieces and a highlighted one) next to the product name. */
export function Logo() {
  return (
    <Box
      component={Link}
      to="/"
      aria-label="Tabletop Lab home"
      sx={{ display: "flex", alignItems: "center", gap: 1, color: "inherit", textDecoration: "none" }}
    >
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="2" y="2" width="28" height="28" rx="7" fill="#f4efe4" />
        <circle cx="11" cy="11" r="3" fill="#2e5d4b" />
        <circle cx="21" cy="21" r="3" fill="#2e5d4b" />
        <circle cx="21" cy="11" r="3" fill="#b7791f" />
      </svg>
      <Box
        component="span"
        sx={{ fontWeight: 700, fontSize: "1.15rem", letterSpacing: 0.3, whiteSpace: "nowrap" }}
      >
        Tabletop Lab
      </Box>
    </Box>
  );
}

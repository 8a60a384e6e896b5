// The project's background image behind the table page and its lobby, faint.

import Box from "@mui/material/Box";

export function Background({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <Box
      aria-hidden="true"
      sx={{
        position: "fixed",
        inset: 0,
        zIndex: -1,
        backgroundImage: `url("${url}")`,
        backgroundSize: "cover",
        backgroundPosition: "center",
        opacity: 0.15,
        pointerEvents: "none",
      }}
    />
  );
}

import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";

/** A centred progress indicator with a message; role="status" so screen readers announce it. */
export function WaitState({ message }: { message: string }) {
  return (
    <Box role="status" sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 2, py: 8 }}>
      <CircularProgress aria-hidden="true" />
      <Typography>{message}</Typography>
    </Box>
  );
}

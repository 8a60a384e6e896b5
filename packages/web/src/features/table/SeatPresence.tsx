// Under a player area's colour: who sits there and whether they have the table open now (game-table.md
// section 3, playerColors' userInfo and connectedPlayers). A seat without a user shows its dummy's
// name; one that nobody holds, nothing.

import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { BotMark } from "./BotMark";
import { useSeatPresence } from "./usePresence";

export function SeatPresence({ color }: { color: string }) {
  const seat = useSeatPresence().get(color);
  if (seat === undefined || seat.username === null) return null;
  const { username, state } = seat;
  return (
    <Typography
      variant="body2"
      component="p"
      data-presence={state}
      title={
        state === "here"
          ? `${username} has the table open`
          : state === "away"
            ? `${username} is away`
            : undefined
      }
      sx={{ display: "flex", alignItems: "center", gap: 0.5, overflowWrap: "anywhere" }}
    >
      {state !== "none" && state !== "bot" && (
        <Box
          component="span"
          aria-hidden
          sx={{
            flex: "none",
            width: 8,
            height: 8,
            borderRadius: "50%",
            bgcolor: state === "here" ? "success.main" : "transparent",
            border: 1,
            borderColor: state === "here" ? "success.main" : "text.secondary",
          }}
        />
      )}
      <span>{username}</span>
      {state === "bot" && <BotMark label={username} />}
      {state === "away" && (
        // The area's own text colour: a grey on the seat's tint fails contrast (axe, WCAG AA).
        <Box component="span" sx={{ fontStyle: "italic" }}>
          (away)
        </Box>
      )}
    </Typography>
  );
}

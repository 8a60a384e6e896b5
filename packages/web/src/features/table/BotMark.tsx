// The mark of a seat a bot plays (issue 22: bots are marked as bots everywhere): a small 'bot' badge
// named with the bot's kind, beside a player's name in the player areas and the log.

import Box from "@mui/material/Box";
import { useSeatPresence } from "./usePresence";

export function BotMark({ label }: { label: string }) {
  return (
    <Box
      component="span"
      data-bot-mark
      title={label}
      aria-label={label}
      sx={{ ml: 0.5, px: 0.5, fontSize: 10, fontWeight: 700, border: "1px solid", borderRadius: 1 }}
    >
      bot
    </Box>
  );
}

/** The bot's name when a bot plays `color` at this table, else null. */
export function useBotAt(color: string): string | null {
  const seat = useSeatPresence().get(color);
  return seat?.state === "bot" ? seat.username : null;
}

// The table lobby's bot settings (issue 22 point 2): the creator of a table that has not started may
// seat a bot in each empty seat, choosing among the bots the game offers, and take a bot off its seat
// again ('Remove bot' beside each bot's seat).

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useCurrentUser } from "../../services/auth";
import { freeColors, useTableTile } from "../lobby";
import { botChoices, removeBot, seatBot } from "./botApi";

export function SeatBots({ tableId, slug }: { tableId: string; slug: string }) {
  const tile = useTableTile(tableId);
  const me = useCurrentUser().data?.username;
  const choices = botChoices(slug);
  const [kind, setKind] = useState(choices[0]?.id ?? "random");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const table = tile.data;
  if (table === undefined || table.status !== "open" || me === undefined || table.creator.username !== me)
    return null;
  const free = freeColors(table);
  const seated = table.playerColors.filter((s) => s.bot !== undefined);
  const change = async (call: () => Promise<string | null>) => {
    setBusy(true);
    setFailure(await call());
    setBusy(false);
    void tile.refetch();
  };
  const seat = (color: string) => change(() => seatBot(slug, tableId, { color, kind }));
  const remove = (color: string) => change(() => removeBot(slug, tableId, { color }));
  return (
    <Box component="section" aria-label="Bots" sx={{ mt: 2 }}>
      <Typography variant="h3">Bots</Typography>
      {free.length === 0 ? (
        <Typography variant="body2">No empty seat for a bot.</Typography>
      ) : (
        <>
          <TextField
            select
            size="small"
            label="Bot"
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            sx={{ my: 1, minWidth: 220 }}
          >
            {choices.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
            {free.map((color) => (
              <Button
                key={color}
                variant="outlined"
                size="small"
                disabled={busy}
                onClick={() => void seat(color)}
              >
                Seat a bot as {color}
              </Button>
            ))}
          </Box>
        </>
      )}
      {seated.length > 0 && (
        <Box component="ul" aria-label="Seated bots" sx={{ pl: 0, listStyle: "none" }}>
          {seated.map((s) => (
            <Box component="li" key={s.color} sx={{ display: "flex", alignItems: "center", gap: 1, mt: 1 }}>
              <Typography variant="body2">
                {s.color}: {s.bot}
              </Typography>
              <Button
                size="small"
                disabled={busy}
                aria-label={`Remove bot at ${s.color}`}
                onClick={() => void remove(s.color)}
              >
                Remove bot
              </Button>
            </Box>
          ))}
        </Box>
      )}
      {failure !== null && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}

// The seats of a table that has not started, first on its pre-start page (issue 37 point 7): every
// colour with its player, its bot (marked as a bot) or 'free'. The creator chooses a bot among those
// the game offers and seats it with 'Seat a bot' beside an empty seat, or takes it off again with
// 'Remove bot' (issue 22 point 2); the server decides who may.

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { PLAYER_COLORS } from "@tt/engine";
import type { TableLoadResponse } from "@tt/protocol";
import { useId, useState } from "react";
import { useCurrentUser } from "../../services/auth";
import { useTableTile } from "../lobby";
import { botChoices, removeBot, seatBot } from "./botApi";
import { colorHex } from "./layout";
import { seatLines } from "./seatList";

export function SeatBots({ table }: { table: TableLoadResponse }) {
  const { tableId } = table;
  const slug = table.projectInfo.slug;
  // The tile follows joins and leaves live (TableLobbyTile): its seats are the newest known.
  const tile = useTableTile(tableId);
  const me = useCurrentUser().data?.username;
  const choices = botChoices(slug);
  const [kind, setKind] = useState(choices[0]?.id ?? "random");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const lines = seatLines(
    tile.data?.possibleColors ?? table.possibleColors,
    tile.data?.playerColors ?? table.playerColors,
  );
  const creator =
    tile.data !== undefined &&
    tile.data.status === "open" &&
    me !== undefined &&
    tile.data.creator.username === me;
  const change = async (call: () => Promise<string | null>) => {
    setBusy(true);
    setFailure(await call());
    setBusy(false);
    void tile.refetch();
  };
  const seat = (color: string) => change(() => seatBot(slug, tableId, { color, kind }));
  const remove = (color: string) => change(() => removeBot(slug, tableId, { color }));
  const seatsFree = lines.some((l) => l.botMayTake);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ my: 2 }}>
      <Typography id={headingId} variant="h3">
        Seats
      </Typography>
      {creator && seatsFree && (
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
      )}
      <Box component="ul" aria-label="Seats" sx={{ pl: 0, my: 1, listStyle: "none" }}>
        {lines.map((line) => (
          <Box
            component="li"
            key={line.color}
            sx={{ display: "flex", alignItems: "center", gap: 1, minHeight: 36 }}
          >
            <Box
              component="span"
              aria-hidden="true"
              sx={{
                display: "inline-block",
                width: 12,
                height: 12,
                borderRadius: "50%",
                bgcolor: colorHex(line.color, PLAYER_COLORS),
              }}
            />
            <Typography component="span">{`${line.color}: ${line.label}`}</Typography>
            {line.holder === "bot" && (
              // The mark the player areas and the log show (BotMark); the line names the bot already.
              <Box
                component="span"
                data-bot-mark
                aria-hidden="true"
                sx={{ px: 0.5, fontSize: 10, fontWeight: 700, border: "1px solid", borderRadius: 1 }}
              >
                bot
              </Box>
            )}
            {creator && line.botMayTake && (
              <Button
                variant="outlined"
                size="small"
                disabled={busy}
                aria-label={`Seat a bot as ${line.color}`}
                onClick={() => void seat(line.color)}
              >
                Seat a bot
              </Button>
            )}
            {creator && line.holder === "bot" && (
              <Button
                size="small"
                disabled={busy}
                aria-label={`Remove bot at ${line.color}`}
                onClick={() => void remove(line.color)}
              >
                Remove bot
              </Button>
            )}
          </Box>
        ))}
      </Box>
      {failure !== null && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}

// A table's admins (the designer controls) may give the seat of a player who left (no tab open:
// presence 'away') to a bot, which plays on from the next turn (issue 22 point 2). The server checks
// both again.

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { botChoices, replaceWithBot } from "./botApi";
import { useSeatPresence } from "./usePresence";

export function ReplaceWithBots({ slug, tableId }: { slug: string; tableId: string }) {
  const seats = useSeatPresence();
  const choices = botChoices(slug);
  const [kind, setKind] = useState(choices[0]?.id ?? "random");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const away = [...seats].filter(([, seat]) => seat.state === "away");
  if (away.length === 0) return null;
  const replace = async (color: string) => {
    setBusy(true);
    setFailure(await replaceWithBot(slug, tableId, { color, kind }));
    setBusy(false);
  };
  return (
    <Stack component="section" aria-label="Replace with a bot" spacing={1} sx={{ mt: 2 }}>
      <Typography variant="h3" sx={{ fontSize: "1rem" }}>
        Players who left
      </Typography>
      <TextField select size="small" label="Bot" value={kind} onChange={(e) => setKind(e.target.value)}>
        {choices.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      {away.map(([color, seat]) => (
        <Button key={color} variant="outlined" disabled={busy} onClick={() => void replace(color)}>
          Replace {seat.username} ({color}) with a bot
        </Button>
      ))}
      {failure !== null && <Alert severity="error">{failure}</Alert>}
    </Stack>
  );
}

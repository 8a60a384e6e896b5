// 'Play against bots' (issue 37 point 7): one click in the project lobby makes a table, seats you,
// gives every other seat the game's default bot, starts it and takes you there. Offered only for
// projects whose rules have bots (ProjectDetail.botPlay); the number of players is asked for only when
// the game allows several, starting at its minimum.

import SmartToyIcon from "@mui/icons-material/SmartToyOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useQueryClient } from "@tanstack/react-query";
import type { BotPlayOffer, ProjectDetail } from "@tt/protocol";
import { useState } from "react";
import { useNavigate } from "react-router";
import { local } from "../../lib/storage";
import { lobbyCache, usePlayBots } from "./api";
import { botPlayerCounts, startingOptionValues } from "./colorSelection";
import type { Viewer } from "./tableLists";
import { tablePath } from "./useLobbyEvents";

export function PlayBotsButton({ detail, viewer }: { detail: ProjectDetail; viewer: Viewer }) {
  if (detail.botPlay === null) return null;
  return <PlayBots detail={detail} offer={detail.botPlay} viewer={viewer} />;
}

function PlayBots({ detail, offer, viewer }: { detail: ProjectDetail; offer: BotPlayOffer; viewer: Viewer }) {
  const slug = detail.slug;
  const counts = botPlayerCounts(offer);
  const [players, setPlayers] = useState(offer.players.min);
  const play = usePlayBots(slug);
  const client = useQueryClient();
  const navigate = useNavigate();
  const start = () => {
    if (play.isPending) return;
    // The option values 'New table settings' remembers for this game apply here too.
    const options = startingOptionValues(detail.options, slug, (key) => local.getItem(key));
    play.mutate(
      { players, options },
      {
        onSuccess: (table) => {
          lobbyCache(client, slug).place(table, viewer);
          navigate(tablePath(slug, table.tableId));
        },
      },
    );
  };
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "stretch", gap: 1, flexWrap: "wrap" }}>
        <Button
          variant="outlined"
          size="large"
          disabled={play.isPending}
          startIcon={
            play.isPending ? (
              <CircularProgress size={18} color="inherit" aria-hidden="true" />
            ) : (
              <SmartToyIcon />
            )
          }
          onClick={start}
          sx={{ py: 1.5, px: 4, fontSize: "1.1rem", bgcolor: "background.paper" }}
        >
          Play against bots
        </Button>
        {counts.length > 1 && (
          <TextField
            select
            size="small"
            label="Players"
            value={players}
            onChange={(e) => setPlayers(Number(e.target.value))}
            sx={{ minWidth: 110, bgcolor: "background.paper", alignSelf: "center" }}
          >
            {counts.map((n) => (
              <MenuItem key={n} value={n}>
                {n === 2 ? "2 (you and a bot)" : `${n} (you and ${n - 1} bots)`}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      {play.isError && (
        <Alert severity="error" role="alert">
          {play.error.message}
        </Alert>
      )}
    </Box>
  );
}

// The pre-start lobby of a table (game-table.md section 2): the table's mode, options, decks, data
// sheet and seats while it waits to start; only chat is possible.

import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { PLAYER_COLORS } from "@tt/engine";
import type { TableLoadResponse } from "@tt/protocol";
import { TableLobbyTile } from "../lobby";
import { Background } from "./Background";
import { colorHex } from "./layout";
import { AlertPopup, ChatPanel } from "./Panels";
import { SeatBots } from "./SeatBots";
import type { TableSession } from "./useTableSession";

export function TableLobby({ table, session }: { table: TableLoadResponse; session: TableSession }) {
  return (
    <Box>
      <Background url={table.projectInfo.background} />
      <Typography variant="h1" gutterBottom>
        {table.projectInfo.project_name}
      </Typography>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
        <Paper component="section" aria-label="Table info" sx={{ p: 2, flex: 1 }}>
          <Typography variant="h2" gutterBottom>
            Table {table.tableId}
          </Typography>
          <Typography>Waiting for the table to start. Only chat is possible.</Typography>
          <Box sx={{ my: 2 }}>
            <TableLobbyTile tableId={table.tableId} />
          </Box>
          <Typography variant="body2" color="textSecondary">
            Mode: {table.tableMode}
          </Typography>
          <Typography variant="h3" sx={{ mt: 2 }}>
            Options
          </Typography>
          <Box component="ul" aria-label="Table options">
            {Object.entries(table.optionsDisplay).map(([key, o]) => (
              <li key={key}>
                {o.display_name}: {o.display_value}
              </li>
            ))}
          </Box>
          <Typography variant="h3">Decks</Typography>
          {Object.keys(table.decks).length === 0 ? (
            <Typography variant="body2">No decks.</Typography>
          ) : (
            <Box component="ul" aria-label="Decks">
              {Object.values(table.decks).map((d) => (
                <li key={d.name}>
                  {d.name}: {d.cards.length} {d.cards.length === 1 ? "card" : "cards"}
                  {d.cardInfo ? ` (${d.cardInfo.w} x ${d.cardInfo.h} px)` : ""}
                </li>
              ))}
            </Box>
          )}
          <Typography variant="h3">Data sheet</Typography>
          {Object.keys(table.dataSheet).length === 0 ? (
            <Typography variant="body2">No data sheet.</Typography>
          ) : (
            <Box component="ul" aria-label="Data sheet">
              {Object.entries(table.dataSheet).map(([name, rows]) => (
                <li key={name}>
                  {name}: {rows} {rows === 1 ? "row" : "rows"}
                </li>
              ))}
            </Box>
          )}
          <Typography variant="h3">Seats</Typography>
          <Box component="ul" aria-label="Seats">
            {table.possibleColors.map((c) => {
              const taken = table.playerColors.find((p) => p.color === c);
              return (
                <li key={c}>
                  <Box
                    component="span"
                    sx={{
                      display: "inline-block",
                      width: 12,
                      height: 12,
                      borderRadius: "50%",
                      mr: 1,
                      bgcolor: colorHex(c, PLAYER_COLORS),
                    }}
                  />
                  {c}: {taken?.bot ?? taken?.userInfo?.username ?? (taken?.nonuser ? `Dummy-${c}` : "free")}
                </li>
              );
            })}
          </Box>
          <SeatBots tableId={table.tableId} slug={table.projectInfo.slug} />
        </Paper>
        <Box sx={{ flex: 1 }}>
          <ChatPanel messages={session.chat} onSend={session.sendChat} />
        </Box>
      </Stack>
      <AlertPopup alert={session.alert} onClose={session.clearAlert} />
    </Box>
  );
}

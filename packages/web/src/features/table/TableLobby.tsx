// The pre-start lobby of a table (game-table.md section 2): while it waits to start, only chat is
// possible. It leads with what players act on (issue 37 point 7): the seats, with 'Seat a bot' for
// the creator, then the tile with Join, Start and Leave lobby. What only designers read (the raw
// mode, the options, the decks' sizes, the data sheet) follows for those who may maintain the table.

import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { TableLoadResponse } from "@tt/protocol";
import { useId } from "react";
import { TableLobbyTile } from "../lobby";
import { Background } from "./Background";
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
          <SeatBots table={table} />
          <Box sx={{ my: 2 }}>
            <TableLobbyTile tableId={table.tableId} />
          </Box>
          {table.controls.maintain && <DesignerDetails table={table} />}
        </Paper>
        <Box sx={{ flex: 1 }}>
          <ChatPanel messages={session.chat} onSend={session.sendChat} />
        </Box>
      </Stack>
      <AlertPopup alert={session.alert} onClose={session.clearAlert} />
    </Box>
  );
}

/** The table as its designers check it before a start: mode, options, decks and data sheet. */
function DesignerDetails({ table }: { table: TableLoadResponse }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} variant="h3">
        Designer details
      </Typography>
      <Typography variant="body2" color="textSecondary">
        Mode: {table.tableMode}
      </Typography>
      <Typography variant="h4" sx={{ mt: 1 }}>
        Options
      </Typography>
      <Box component="ul" aria-label="Table options">
        {Object.entries(table.optionsDisplay).map(([key, o]) => (
          <li key={key}>
            {o.display_name}: {o.display_value}
          </li>
        ))}
      </Box>
      <Typography variant="h4">Decks</Typography>
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
      <Typography variant="h4">Data sheet</Typography>
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
    </Box>
  );
}

// A loaded table: the seat this tab plays as, the page's UI flags (tableUi.ts) and the live session;
// the pre-start lobby until the table starts, the game view after.

import Alert from "@mui/material/Alert";
import { activeState, FULL_VIEW } from "@tt/engine";
import type { TableLoadResponse } from "@tt/protocol";
import { useReducer, useState } from "react";
import { local } from "../../lib/storage";
import { useCurrentUser } from "../../services/auth";
import { GameView } from "./GameView";
import { actsAs, initialSeat, isViewMode, playAsKey, SPECTATOR, seatChoices } from "./seat";
import { TableLobby } from "./TableLobby";
import { INITIAL_TABLE_UI, tableUi } from "./tableUi";
import { PresenceProvider } from "./usePresence";
import { useTableSession } from "./useTableSession";
import { useTableSignals } from "./useTableSignals";
import { UndoRequestsProvider, useUndoRequests } from "./useUndoRequests";

export function TableView(props: {
  table: TableLoadResponse;
  onStarted: () => void;
  onEnded: () => void;
  onComponents: () => void;
  queryColor: string | null;
}) {
  const { table, onStarted, onEnded, onComponents, queryColor } = props;
  const colors = table.playerColors.map((p) => p.color);
  const role = useCurrentUser().data?.role ?? "";
  const seatCtx = {
    yourSeat: table.yourSeat,
    anySeat: table.anySeat,
    colors,
    viewMode: isViewMode(table.tableMode, table.status, role, queryColor),
    // A running table sends only this user's view: other colours' eyes show nothing more.
    secret: table.live !== null && table.live.viewer !== FULL_VIEW,
    activePlayer: table.live === null ? undefined : activeState(table.live.situation).activePlayer,
  };
  const [seat, setSeatState] = useState(() => initialSeat(seatCtx, local, table.tableId, queryColor));
  const setSeat = (next: string) => {
    local.setItem(playAsKey(table.tableId), next);
    setSeatState(next);
  };
  const [ui, dispatch] = useReducer(tableUi, INITIAL_TABLE_UI);
  // Edit and cheat mode apply only where the table's mode allows edit mode.
  // Never for a spectator: they watch (issue 37 point 8), and the server refuses their turns anyway.
  const editMode = ui.editMode && table.editModeAllowed && seat !== SPECTATOR;
  const cheatMode = ui.cheatMode && table.editModeAllowed;
  const session = useTableSession(table, seat, {
    editMode,
    onStarted,
    onEnded,
    onComponents,
    cheatMode,
    viewOnly: !actsAs(seatCtx, seat),
    fullView: ui.fullView,
  });
  const undoRequests = useUndoRequests(table.tableId);
  useTableSignals({
    projectName: table.projectInfo.project_name,
    situation: session.situation,
    seat,
    status: session.status,
    acts: actsAs(seatCtx, seat),
    gameShown: !(table.status === "open" && table.live === null) && session.situation !== null,
  });

  if (table.status === "open" && table.live === null) {
    return <TableLobby table={table} session={session} />;
  }
  if (session.situation === null) {
    return <Alert severity="info">Table has not started, and no data found</Alert>;
  }
  return (
    <PresenceProvider seats={session.seatPresence} watchers={session.watchers}>
      <UndoRequestsProvider value={undoRequests}>
        <GameView
          table={table}
          session={session}
          seat={seat}
          seatChoices={seatChoices(seatCtx)}
          onSeat={setSeat}
          ui={ui}
          dispatch={dispatch}
          editMode={editMode}
          cheatMode={cheatMode}
          onReloadComponents={onComponents}
          mayWatchFull={table.live?.mayWatchFull === true}
        />
      </UndoRequestsProvider>
    </PresenceProvider>
  );
}

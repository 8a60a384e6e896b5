// What the server sends a table's page: the load folded into the viewer's model, then the
// subscription (again on every reconnect, from the last applied seq) and the events, refusals,
// restarts and starts that arrive on the socket.

import { createViewerLog, FULL_VIEW, headerOf, lastSeq, type MoveStep, type Renames } from "@tt/engine";
import type { TableLoadResponse, TableSubscribeAck } from "@tt/protocol";
import { type RefObject, useCallback, useEffect, useRef } from "react";
import { useSocket, useSocketEvent } from "../../services/socket";
import { replay } from "./eventLog";
import { receiveEvents, receiveReject, resynced, type TableModel } from "./reconcile";
import { type AlertMessage, refusalAlert, systemError } from "./statusBar";

const RECONNECT_NUDGE_MS = 5000;

/** A running table as this user's view; an ended one whole, folded from its log. */
export function modelOf(load: TableLoadResponse): TableModel | null {
  if (load.live !== null) {
    const { viewer, situation, events } = load.live;
    return { confirmed: createViewerLog(viewer, situation, events), pending: null, outOfSync: false };
  }
  if (load.start_position === null) return null;
  const { situation } = replay(load.start_position, load.events);
  const history = load.events.map((event) => ({ ...headerOf(event), steps: [], log: [] }));
  return { confirmed: createViewerLog(FULL_VIEW, situation, history), pending: null, outOfSync: false };
}

export interface FeedDeps {
  load: TableLoadResponse;
  /** A privileged watcher's full view (asked of the server, which decides). */
  fullView: boolean;
  modelRef: RefObject<TableModel | null>;
  setModel: (next: TableModel | null) => void;
  setStatus: (status: string) => void;
  setFullViewers: (usernames: string[]) => void;
  /** Who of the seated players has the table open, as each subscribe answers (usePresence.tsx). */
  setConnectedPlayers: (usernames: readonly string[] | undefined, watchers?: readonly string[]) => void;
  setEvaluating: (on: boolean) => void;
  setTurnMoves: (steps: readonly MoveStep[], renamed?: Renames) => void;
  /** A turn this tab did not draw itself: its moves play in order; blocking, input waits meanwhile. */
  playTurn: (steps: readonly MoveStep[], renamed: Renames | undefined, blocking: boolean) => void;
  /** The turn was a delayed evaluation another tab may have sent first. */
  isRaced: (turnUID: string) => boolean;
  showAlert: (message: AlertMessage) => void;
  onStarted: () => void;
  onEnded: () => void;
  onComponents: () => void;
}

/** Subscribes the page to its table; returns how to ask the server again where the table is. */
export function useTableFeed(deps: FeedDeps): (fresh?: boolean) => void {
  const { load, fullView, modelRef, setModel, setStatus, setFullViewers, setEvaluating, setTurnMoves } = deps;
  const { setConnectedPlayers } = deps;
  const { showAlert, onStarted, onEnded, onComponents, playTurn, isRaced } = deps;
  const { socket, connected } = useSocket();
  const tableId = load.tableId;

  const subscribe = useCallback(
    (fresh = false) => {
      if (!socket) return;
      const current = modelRef.current;
      const from = current === null || fresh ? -1 : lastSeq(current.confirmed);
      setEvaluating(true);
      socket.emit("table-subscribe", { tableId, lastSeq: from, fullView }, (ack: TableSubscribeAck) => {
        setEvaluating(false);
        if (!ack.ok) {
          showAlert(systemError(ack.reason));
          return;
        }
        setStatus(ack.status);
        setFullViewers(ack.fullViewers);
        setConnectedPlayers(ack.connectedPlayers, ack.watchers);
        const now = modelRef.current;
        if (now === null) {
          if (ack.status !== "open") onStarted();
          return;
        }
        // The whole log is revealed once the game is over: a running table's page loads it again,
        // once (a page loaded as ended has it already).
        if (ack.status === "ended" && load.live !== null) {
          onEnded();
          return;
        }
        // Turns caught up after a reconnect show at once, not one move after another.
        if (ack.events.length > 0 || ack.situation !== undefined) setTurnMoves([]);
        setModel(resynced(now, ack));
      });
    },
    [
      socket,
      tableId,
      fullView,
      showAlert,
      setModel,
      onStarted,
      onEnded,
      load.live,
      setTurnMoves,
      modelRef,
      setEvaluating,
      setStatus,
      setFullViewers,
      setConnectedPlayers,
    ],
  );

  // Subscribe after load and again on every reconnect, from the last applied seq; from scratch when
  // the viewer changes (a privileged watcher switching to or from the full view).
  const viewerKey = useRef(fullView);
  useEffect(() => {
    if (!connected) return;
    const fresh = viewerKey.current !== fullView;
    viewerKey.current = fullView;
    subscribe(fresh);
  }, [connected, subscribe, fullView]);

  // Socket.IO gives up after a refused handshake (e.g. while a restarting server warms up): keep
  // trying while this page is open, so the table comes back by itself.
  useEffect(() => {
    if (connected || !socket) return;
    const timer = window.setInterval(() => {
      if (!socket.connected && !socket.active) socket.connect();
    }, RECONNECT_NUDGE_MS);
    return () => window.clearInterval(timer);
  }, [connected, socket]);

  useSocketEvent("table-event", (message) => {
    if (message.tableId !== tableId) return;
    // New components are not an event of the log: the table is loaded again with them.
    if (message.type === "reload-components" || message.type === "reload-dev-editor-components") {
      onComponents();
      return;
    }
    if (message.type === "full-viewers") {
      setFullViewers(message.usernames);
      return;
    }
    if (
      message.type !== "game-move" &&
      message.type !== "undo" &&
      message.type !== "reload-data-sheet" &&
      message.type !== "reload-decks"
    )
      return;
    const current = modelRef.current;
    if (current === null) return;
    const outcome = receiveEvents(current, [message.event]);
    // Another's turn plays its moves in order; the confirmation of one's own was played already,
    // unless it waited for the server (chance, hidden information): then it plays now.
    const event = message.event;
    const mine = event.turnUID !== undefined && event.turnUID === current.pending?.turnUID;
    if (event.kind === "undo") setTurnMoves([]);
    // Input waits while another's turn plays ('Updating game situation'); one's own, already waited
    // for ('Move recorded'), plays without holding the player up again.
    else if (!mine) playTurn(event.steps, event.renamed, true);
    else if (current.pending?.situation === null) playTurn(event.steps, event.renamed, false);
    // New card templates come with the table load, not the event: fetch it again.
    if (message.type === "reload-decks" && outcome.error === null) onStarted();
    setModel(outcome.model);
    if (outcome.error !== null) showAlert(systemError(outcome.error));
    // The game is over: everything is revealed, so the table is loaded again, whole.
    if (outcome.model.confirmed.view.ended && load.live !== null) {
      setStatus("ended");
      onEnded();
      return;
    }
    if (outcome.resync) subscribe();
  });

  useSocketEvent("table-event-reject", (message) => {
    if (message.tableId !== tableId) return;
    const current = modelRef.current;
    if (current === null) return;
    const outcome = receiveReject(current, message, isRaced(message.turnUID));
    setModel(outcome.model);
    if (outcome.alert !== null) showAlert(refusalAlert(outcome.alert.reason, outcome.alert.code));
    if (outcome.resync) subscribe();
  });

  useSocketEvent("table-restarted", (id) => {
    if (id === tableId) window.location.reload();
  });
  useSocketEvent("table-started", (id) => {
    if (id === tableId && modelRef.current === null) onStarted();
  });

  return subscribe;
}

// The live table: the viewer's log (its view, never the full situation) and the optimistic turn, the
// turns and undos this tab sends, and the rules' answers the board draws (highlights, clickable).
// What arrives from the server is useTableFeed's; the chat and pings are useTableChat's.

import {
  type Action,
  activeState,
  clickableComponents,
  type PieceLibrary,
  predictTurn,
  predictUndo,
  type RuleModule,
  type Situation,
  selectionTargets,
  viewerLogTurns,
} from "@tt/engine";
import { piecesOf, registry } from "@tt/games";
import type { TableLoadResponse } from "@tt/protocol";
import { useCallback, useMemo, useRef, useState } from "react";
import { randomId } from "../../lib/randomId";
import { useSocket } from "../../services/socket";
import { clickNotice, NOTHING_THERE } from "./clickNotice";
import { displayedSituation, expectedMoveId, startPending, type TableModel } from "./reconcile";
import {
  type AlertMessage,
  CHEAT_HINT,
  type ClientStatus,
  clientStatus,
  DO_IT_ANYWAY,
  moveBlock,
  refusalAlert,
  viewOnlyAlert,
} from "./statusBar";
import { useDelayedEval } from "./useDelayedEval";
import { useTablePresence } from "./usePresence";
import { useTableChat } from "./useTableChat";
import { modelOf, useTableFeed } from "./useTableFeed";
import { useTurnPlayback } from "./useTurnPlayback";

export interface Held {
  /** Actions that produced the local selection; sent with the turn that completes it. */
  actions: Action[];
  selected: string | null;
}

export interface ShownAlert extends AlertMessage {
  id: number;
}

/** How a turn is sent: with earlier selection clicks or alone, and as a cheat in edit mode. */
interface ActOptions {
  alone?: boolean;
  quiet?: boolean;
  /** The whole action list, as refused a moment ago: cheat mode sends it again in edit mode. */
  actions?: Action[];
  edit?: boolean;
}

const MAX_ACTIONS = 20;
const PENDING_TIMEOUT_MS = 15000;

export interface SessionOptions {
  editMode: boolean;
  /** The table started (or its decks changed): load it again from scratch. */
  onStarted: () => void;
  /** The table's components changed: load them again, keeping the game as it is. */
  onComponents: () => void;
  cheatMode?: boolean;
  /** Looking through another colour's eyes (read-only view): no turns. */
  viewOnly?: boolean;
  /** A privileged watcher's full view (asked of the server, which decides). */
  fullView?: boolean;
  /** The table ended: load it again, whole (everything is revealed). */
  onEnded?: () => void;
}

export function useTableSession(load: TableLoadResponse, seat: string, how: SessionOptions) {
  const { editMode, onStarted, onComponents, cheatMode = false, viewOnly = false, fullView = false } = how;
  const onEnded = how.onEnded ?? onStarted;
  const { socket, connected } = useSocket();
  const tableId = load.tableId;
  const slug = load.projectInfo.slug;
  const module: RuleModule = useMemo(() => registry.moduleFor(slug), [slug]);
  const pieces: PieceLibrary = useMemo(
    () => (load.components ? piecesOf(load.components) : {}),
    [load.components],
  );
  const options = load.options;
  const talk = useTableChat(tableId, load.chatMessages);
  const presence = useTablePresence(load);

  const [model, setModelState] = useState<TableModel | null>(() => {
    try {
      return modelOf(load);
    } catch {
      return null;
    }
  });
  const modelRef = useRef(model);
  const setModel = useCallback((next: TableModel | null) => {
    modelRef.current = next;
    setModelState(next);
  }, []);
  const [status, setStatus] = useState<string>(load.status);
  const [alert, setAlert] = useState<ShownAlert | null>(null);
  const [held, setHeld] = useState<Held | null>(null);
  /** Why the last click did nothing (clickNotice.ts), for the status line while the table stands still. */
  const [notice, setNotice] = useState<{ text: string; on: TableModel } | null>(null);
  const [evaluating, setEvaluating] = useState(false);
  const [fullViewers, setFullViewers] = useState<string[]>(load.live?.fullViewers ?? []);
  const alertId = useRef(0);

  const showAlert = useCallback((message: AlertMessage) => {
    alertId.current += 1;
    setAlert({ ...message, id: alertId.current });
  }, []);

  const clearAlert = useCallback(() => setAlert(null), []);

  /** The moves of the turn drawn last (own or received), in outline: the board plays them in order. */
  const playback = useTurnPlayback(slug, showAlert);
  const { setTurnMoves, play: playTurn } = playback;
  /** Delayed evaluations this tab sent: another tab may have sent the same one first. */
  const racing = useRef(new Set<string>());
  const isRaced = useCallback((turnUID: string) => racing.current.has(turnUID), []);

  const subscribe = useTableFeed({
    load,
    fullView,
    modelRef,
    setModel,
    setStatus,
    setFullViewers,
    setConnectedPlayers: presence.setConnected,
    setEvaluating,
    setTurnMoves,
    playTurn,
    isRaced,
    showAlert,
    onStarted,
    onEnded,
    onComponents,
  });

  const clientState: ClientStatus = clientStatus({
    connected,
    outOfSync: model?.outOfSync === true,
    pending: model?.pending != null,
    evaluating: evaluating || playback.playing,
  });
  const stateRef = useRef(clientState);
  stateRef.current = clientState;
  /** Attempts refused while out of sync: the second and later are told they cannot do more moves. */
  const outOfSyncTries = useRef(0);
  if (clientState !== "outOfSync") outOfSyncTries.current = 0;
  const blockNow = useCallback((edit: boolean) => {
    const block = moveBlock(stateRef.current, edit, outOfSyncTries.current);
    if (stateRef.current === "outOfSync") outOfSyncTries.current += 1;
    return block;
  }, []);
  const heldRef = useRef(held);
  heldRef.current = held;
  const statusRef = useRef(status);
  statusRef.current = status;

  /** No answer at all (a lost message): drop the optimistic turn and ask the server where it is. */
  const awaitAnswer = useCallback(
    (turnUID: string) => {
      window.setTimeout(() => {
        const now = modelRef.current;
        if (now?.pending?.turnUID !== turnUID) return;
        setModel({ ...now, pending: null });
        subscribe();
      }, PENDING_TIMEOUT_MS);
    },
    [setModel, subscribe],
  );

  const actRef = useRef<(action: Action, how?: ActOptions) => void>(() => undefined);
  /** One player action: evaluated locally first; refused locally means nothing is sent. */
  const act = useCallback(
    (action: Action, how: ActOptions = {}) => {
      const current = modelRef.current;
      if (current === null || !socket) return;
      if (viewOnly) {
        if (how.quiet !== true) showAlert(viewOnlyAlert(seat));
        return;
      }
      const edit = editMode || how.edit === true;
      const block = blockNow(edit);
      if (block !== null) {
        if (how.quiet !== true) showAlert(block);
        return;
      }
      const before = how.alone === true ? [] : (heldRef.current?.actions ?? []);
      const actions = how.actions ?? [...before, action].slice(-MAX_ACTIONS);
      const seq = expectedMoveId(current);
      const turnUID = randomId();
      const tableStatus = statusRef.current;
      const prediction = predictTurn(
        current.confirmed,
        {
          seat,
          editMode: edit,
          timestamp: Date.now(),
          turnUID,
          actions,
          // As the server evaluates it (tables/hub.ts): each seat one user's, outside sandbox and debug
          // tables. Only for the refusals shown at once; the server decides it for itself.
          competitive: !load.anySeat,
          ...(tableStatus === "open" || tableStatus === "midgame" || tableStatus === "ended"
            ? { status: tableStatus }
            : {}),
        },
        module,
        { pieces, options },
      );
      if (prediction.kind === "refused") {
        setHeld(null);
        if (action.kind === "click component" || action.kind === "click position")
          setNotice({ text: clickNotice(prediction.refusal), on: current });
        const refusal = refusalAlert(prediction.refusal.message, prediction.refusal.code);
        // Cheat mode (table settings): the rules said no, the player may insist, as an edit-mode turn
        // the server accepts only where edit mode is allowed.
        if (cheatMode && !edit && load.editModeAllowed) {
          showAlert({
            ...refusal,
            hint: CHEAT_HINT,
            action: { label: DO_IT_ANYWAY, run: () => actRef.current(action, { actions, edit: true }) },
          });
        } else showAlert(refusal);
        return;
      }
      if (prediction.kind === "selection") {
        // A place clicked with a piece in hand that the rules took without a move: say so.
        const holding = heldRef.current?.selected ?? current.confirmed.view.selected[seat] ?? null;
        const nothing = action.kind === "click position" && holding !== null && prediction.selected === null;
        setNotice(nothing ? { text: NOTHING_THERE, on: current } : null);
        setHeld({ actions, selected: prediction.selected });
        return;
      }
      setNotice(null);
      setHeld(null);
      if (prediction.kind === "predicted") {
        setTurnMoves(prediction.steps, prediction.event.renamed);
        setModel(startPending(current, { turnUID, moveId: seq, situation: prediction.situation }));
      } else {
        // Chance or hidden information: shown when the server answers ('Move recorded, please wait...').
        setModel(startPending(current, { turnUID, moveId: seq, situation: null }));
      }
      if (actions.every((a) => a.kind === "delayed eval")) racing.current.add(turnUID);
      socket.emit("game-move", { tableId, moveId: seq, turnUID, actions, editMode: edit, seat });
      awaitAnswer(turnUID);
    },
    [
      socket,
      viewOnly,
      editMode,
      cheatMode,
      load.editModeAllowed,
      load.anySeat,
      seat,
      module,
      pieces,
      options,
      tableId,
      showAlert,
      setModel,
      awaitAnswer,
      setTurnMoves,
      blockNow,
    ],
  );
  actRef.current = act;

  /**
   * Undo (game-table.md section 4): planned by the engine here first, so a refusal ('Cannot undo
   * someone else's turn', 'You cannot undo this turn') shows at once and nothing is sent; the
   * optimistic refold shows until the server's undo event arrives.
   */
  const undo = useCallback(() => {
    const current = modelRef.current;
    if (current === null || !socket) return;
    if (viewOnly) {
      showAlert(viewOnlyAlert(seat));
      return;
    }
    const block = blockNow(editMode);
    if (block !== null) {
      showAlert(block);
      return;
    }
    const planned = predictUndo(current.confirmed, { seat, editMode, timestamp: Date.now() });
    if (!planned.ok) {
      showAlert(refusalAlert(planned.message, planned.code));
      return;
    }
    const seq = expectedMoveId(current);
    // A table whose undo asks the opponents: a request, answered by them (useUndoRequests.tsx); the
    // board stays as it is until an accepted undo arrives.
    if (load.undoAsks === true) {
      socket.emit("undo-request", { tableId, moveId: seq, editMode, seat });
      return;
    }
    setHeld(null);
    setTurnMoves([]);
    const turnUID = randomId();
    setModel(startPending(current, { turnUID, moveId: seq, situation: planned.value.situation }));
    socket.emit("undo", { tableId, moveId: seq, turnUID, editMode, seat });
    awaitAnswer(turnUID);
  }, [
    socket,
    viewOnly,
    seat,
    editMode,
    tableId,
    showAlert,
    setModel,
    awaitAnswer,
    setTurnMoves,
    blockNow,
    load.undoAsks,
  ]);

  // The active state's delayed evaluation, sent by one tab when it is due (useDelayedEval.ts).
  const sendDelayedEval = useCallback(
    () => act({ kind: "delayed eval" }, { alone: true, quiet: true }),
    [act],
  );
  const delayedIn = { model, status, clientState, seat, slug, presence: presence.seats };
  useDelayedEval({ ...delayedIn, send: sendDelayedEval });

  /** Escape: clears the selection locally (a toggle click replays it for the server's evaluation). */
  const deselect = useCallback(() => {
    const current = modelRef.current;
    if (current === null) return;
    const selected = current.confirmed.view.selected[seat] ?? null;
    setHeld(
      selected === null
        ? null
        : { actions: [{ kind: "click component", componentId: selected }], selected: null },
    );
  }, [seat]);

  /** Skip (status bar): the turn being played shows its end state at once, input is taken again. */
  const { skip } = playback;
  const skipEvaluation = useCallback(() => {
    setEvaluating(false);
    skip();
  }, [skip]);

  /** Designers and site admins: the table takes the project's current data sheet, decks or components. */
  const reload = useCallback(
    (what: "data sheet" | "decks" | "components" | "dev components") => {
      const payload = { tableId };
      if (what === "decks") socket?.emit("reload decks", payload);
      else if (what === "data sheet") socket?.emit("reload data sheet", payload);
      else if (what === "components") socket?.emit("reload components", payload);
      else socket?.emit("reload dev editor components", payload);
    },
    [socket, tableId],
  );

  const situation: Situation | null = model === null ? null : displayedSituation(model);
  const selected =
    held !== null ? held.selected : situation === null ? null : (situation.selected[seat] ?? null);

  // With a component held: where the rules let it go (the game's own highlights, or each place tried
  // with the engine: selectionTargets). Without: what the rules highlight for the seat anyway.
  const highlights = useMemo(() => {
    if (situation === null) return [] as string[];
    try {
      if (selected !== null)
        return selectionTargets(module, situation, seat, selected, { pieces, options }, { editMode });
      return module.highlights(situation, seat, { pieces, options });
    } catch {
      return [];
    }
  }, [situation, seat, selected, module, pieces, options, editMode]);

  // What Tab reaches on the board: the components the rules let this seat click now. Nothing after
  // the end or for someone who only looks on; the mouse meets the same refusals there.
  const clickable = useMemo(() => {
    if (situation === null || situation.ended || status !== "midgame" || viewOnly) return [] as string[];
    return clickableComponents(module, situation, seat, editMode, { pieces, options });
  }, [situation, status, viewOnly, module, seat, editMode, pieces, options]);

  const log = useMemo(() => (model === null ? [] : viewerLogTurns(model.confirmed)), [model]);

  return {
    model,
    situation,
    /** The turns in effect as this viewer may read them: each one's summary, its move lines behind it. */
    log,
    /** The viewer the server sends this tab (its seat, 'spectator' or 'full'). */
    viewer: model?.confirmed.viewer ?? null,
    fullViewers,
    status: situation?.ended ? "ended" : status,
    clientState,
    ...talk,
    /** Each colour's seat: its user and whether they have the table open now (usePresence.tsx). */
    seatPresence: presence.seats,
    watchers: presence.watchers,
    alert,
    clearAlert,
    showAlert,
    selected,
    highlights,
    clickable,
    /** Why the last click did nothing, while nothing else happened since (the status line's second line). */
    clickNotice: notice !== null && notice.on === model ? notice.text : null,
    act,
    undo,
    deselect,
    reload,
    skipEvaluation,
    turnMoves: playback.turnMoves,
    module,
    pieces,
    options,
    activeState: situation === null ? null : activeState(situation),
  };
}

export type TableSession = ReturnType<typeof useTableSession>;

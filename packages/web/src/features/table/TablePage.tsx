// The game table page /projects/{projectSlug}/table/{tableId} (game-table.md sections 2-5, 8, 9).

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { modalClasses } from "@mui/material/Modal";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import {
  activeState,
  boardExtent,
  componentInfo,
  EVERYONE,
  FULL_VIEW,
  findComponent,
  type GameState,
  type PieceLibrary,
  PLAYER_COLOURS,
  PLAYERS_POSITION,
  positionSets,
  type Situation,
  type Button as StateButton,
  showsPlayerButtons,
  tooltipFor,
} from "@tt/engine";
import type { TableLoadResponse } from "@tt/protocol";
import { type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from "react-router";
import { useCurrentUser } from "../../app/auth";
import { useSocketEvent } from "../../app/socket";
import { WaitState } from "../../app/WaitState";
import { local } from "../../lib/storage";
import { pageTitle, tablePageTitle } from "../../lib/title";
import {
  asEnded,
  closeTable,
  createDebugTable,
  endedLog,
  inviteLink,
  restartTable,
  setBound,
  type TableLoad,
  tableQueryKey,
  useTableLoad,
} from "./api";
import { type BoardEnv, RootStage } from "./Board";
import { ContainerContents } from "./ContainerContents";
import { edgeScrollStep } from "./edgeScroll";
import { keyIntent } from "./keyboard";
import { assetUrl, colourHex } from "./layout";
import {
  createMotion,
  evaluationSpeed,
  MOVE_ANIMATION_MS,
  NO_SCHEDULE,
  scaledMs,
  type TurnSchedule,
  turnSchedule,
} from "./motion";
import { AlertPopup, ChatPanel, ChatPopupView, LogPanel, StatusBar } from "./Panels";
import { PlayerAreas } from "./PlayerAreas";
import { ReplayBar } from "./ReplayBar";
import { buildTimeline, clampStep, parseTurnNumber, viewAt, withTurnNumber } from "./replay";
import { EndedResults } from "./results/EndedResults";
import { actsAs, initialSeat, isViewMode, playAsKey, seatChoices } from "./seat";
import { BASE_WIDTH, boardScale, LENS, stepLens, stepZoom, TOOLTIP_DELAY_MS } from "./settings";
import { play, soundsFor } from "./sounds";
import { bannerOf, COPIED, endMessage, noInstructions, statusMessage, systemError } from "./statusBar";
import { type TableControls, TableSettingsPanel } from "./TableSettingsPanel";
import { TableTopBar } from "./TableTopBar";
import { type TableSession, useTableSession } from "./useTableSession";
import { useTableSettings } from "./useTableSettings";
import { type Pointer, ZoomLens } from "./ZoomLens";

export default function TablePage() {
  const { projectSlug = "", tableId = "" } = useParams();
  const [params] = useSearchParams();
  const playAsColor = params.get("playAsColor");
  const invitePwd = params.get("invitePwd");
  const load = useTableLoad(tableId, playAsColor, invitePwd);
  const [loadCount, setLoadCount] = useState(0);
  const projectName = load.data?.ok ? load.data.table.projectInfo.project_name : null;
  useEffect(() => {
    document.title = projectName === null ? pageTitle("Table") : tablePageTitle(projectName);
  }, [projectName]);

  // Leaving the page (route change or closing the tab) closes the table for this tab.
  useEffect(() => {
    const onHide = () => closeTable(tableId);
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      closeTable(tableId);
    };
  }, [tableId]);

  // A table deleted while someone is on its page sends them to the project lobby (spec section 4).
  const navigate = useNavigate();
  useSocketEvent("remove-table", (removed) => {
    if (removed === tableId) navigate(`/projects/${encodeURIComponent(projectSlug)}`, { replace: true });
  });

  const refetch = load.refetch;
  const onStarted = useCallback(() => {
    void refetch().then(() => setLoadCount((n) => n + 1));
  }, [refetch]);
  // The game ended here: only its log is new (everything is revealed now), not the whole table.
  const queryClient = useQueryClient();
  const queryKey = useMemo(
    () => tableQueryKey(tableId, playAsColor, invitePwd),
    [tableId, playAsColor, invitePwd],
  );
  const onEnded = useCallback(() => {
    void endedLog(tableId).then((log) => {
      const current = queryClient.getQueryData<TableLoad>(queryKey);
      if (log === null || current === undefined || !current.ok) return onStarted();
      const ended: TableLoad = { ok: true, table: asEnded(current.table, log) };
      queryClient.setQueryData<TableLoad>(queryKey, ended);
      setLoadCount((n) => n + 1);
    });
  }, [tableId, queryClient, queryKey, onStarted]);
  // New components (a designer's reload, or r): the same game drawn with them, no remount.
  const onComponents = useCallback(() => {
    void refetch();
  }, [refetch]);

  if (load.isPending) return <WaitState message="Loading table..." />;
  const data = load.data;
  if (data === undefined || !data.ok) {
    const reason = data && !data.ok ? data.reason : (load.error?.message ?? "");
    return (
      <Dialog open aria-labelledby="join-failed-title">
        <DialogTitle id="join-failed-title">Joining table failed</DialogTitle>
        <DialogContent>
          <Typography>{`Joining table failed. Reason: ${reason}`}</Typography>
        </DialogContent>
        <DialogActions>
          <Button
            component={RouterLink}
            to={`/projects/${encodeURIComponent(projectSlug)}`}
            variant="contained"
          >
            To project page
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <TableView
      key={`${tableId}-${loadCount}`}
      table={data.table}
      onStarted={onStarted}
      onEnded={onEnded}
      onComponents={onComponents}
      queryColour={playAsColor}
    />
  );
}

/**
 * The key went to an open modal (a dialog, the settings drawer, a menu or a select's list): its focus
 * trap holds the focus inside it while it is open, so the key's target tells. A modal that is closing
 * has handed the focus back already, so the table's keys work again at once.
 */
function inModal(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(`.${modalClasses.root}, [aria-modal="true"]`) !== null;
}

function Background({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <Box
      aria-hidden="true"
      sx={{
        position: "fixed",
        inset: 0,
        zIndex: -1,
        backgroundImage: `url("${url}")`,
        backgroundSize: "cover",
        backgroundPosition: "center",
        opacity: 0.15,
        pointerEvents: "none",
      }}
    />
  );
}

function TableView(props: {
  table: TableLoadResponse;
  onStarted: () => void;
  onEnded: () => void;
  onComponents: () => void;
  queryColour: string | null;
}) {
  const { table, onStarted, onEnded, onComponents, queryColour } = props;
  const colours = table.playerColors.map((p) => p.color);
  const role = useCurrentUser().data?.role ?? "";
  const seatCtx = {
    yourSeat: table.yourSeat,
    anySeat: table.anySeat,
    colours,
    viewMode: isViewMode(table.tableMode, table.status, role, queryColour),
    // A running table sends only this user's view: other colours' eyes show nothing more.
    secret: table.live !== null && table.live.viewer !== FULL_VIEW,
  };
  const [seat, setSeatState] = useState(() => initialSeat(seatCtx, local, table.tableId, queryColour));
  const setSeat = (next: string) => {
    local.setItem(playAsKey(table.tableId), next);
    setSeatState(next);
  };
  const [editMode, setEditMode] = useState(false);
  const [cheatMode, setCheatMode] = useState(false);
  // A privileged watcher's full view of a running table (the server decides; the players are told).
  const [fullView, setFullView] = useState(false);
  const session = useTableSession(table, seat, {
    editMode: editMode && table.editModeAllowed,
    onStarted,
    onEnded,
    onComponents,
    cheatMode: cheatMode && table.editModeAllowed,
    viewOnly: !actsAs(seatCtx, seat),
    fullView,
  });

  if (table.status === "open" && table.live === null) {
    return <TableLobby table={table} session={session} />;
  }
  if (session.situation === null) {
    return <Alert severity="info">Table has not started, and no data found</Alert>;
  }
  return (
    <GameView
      table={table}
      session={session}
      seat={seat}
      seatChoices={seatChoices(seatCtx)}
      onSeat={setSeat}
      editMode={editMode && table.editModeAllowed}
      onEditMode={setEditMode}
      cheatMode={cheatMode && table.editModeAllowed}
      onCheatMode={setCheatMode}
      onReloadComponents={onComponents}
      fullView={table.live?.mayWatchFull === true ? { on: fullView, set: setFullView } : null}
    />
  );
}

function TableLobby({ table, session }: { table: TableLoadResponse; session: TableSession }) {
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
                      bgcolor: colourHex(c, PLAYER_COLOURS),
                    }}
                  />
                  {c}: {taken?.userInfo?.username ?? (taken?.nonuser ? `Dummy-${c}` : "free")}
                </li>
              );
            })}
          </Box>
        </Paper>
        <Box sx={{ flex: 1 }}>
          <ChatPanel messages={session.chat} onSend={session.sendChat} />
        </Box>
      </Stack>
      <AlertPopup alert={session.alert} onClose={session.clearAlert} />
    </Box>
  );
}

/** Where the pointer is, in board units from the game area's top left corner (where the board is). */
function pointInArea(area: HTMLElement, clientX: number, clientY: number, scale: number) {
  const rect = area.getBoundingClientRect();
  return { x: Math.round((clientX - rect.left) / scale), y: Math.round((clientY - rect.top) / scale) };
}

/** A root without position sets stacks its children (see RootFlow): the stage is as tall as they are. */
function flowHeight(situation: Situation, pieces: PieceLibrary): number | null {
  const root = situation.root;
  const info = componentInfo(pieces, root, situation);
  if (Object.keys(positionSets(info)).length > 0) return null;
  let height = 20;
  for (const [name, children] of Object.entries(root.children)) {
    if (name === PLAYERS_POSITION) continue;
    for (const child of Array.isArray(children) ? children : Object.values(children))
      height += componentInfo(pieces, child, situation).height + 20;
  }
  return height > 20 ? Math.min(height, info.height) : null;
}

/** The game's own words for the state (its module may say whose turn it is); the plain message else. */
function gameMessage(session: TableSession, situation: Situation, seat: string, state: GameState): string {
  try {
    const text = session.module.stateMessage(situation, seat, {
      pieces: session.pieces,
      options: session.options,
    });
    if (text !== "") return text;
  } catch {
    // A failing rule script falls back to the state's own message.
  }
  return state.message !== "" ? state.message : noInstructions(state.activePlayer, seat);
}

/** Full event number on an ended table's address; the step shown when replay is on. */
function useReplay(table: TableLoadResponse, session: TableSession) {
  const [params, setParams] = useSearchParams();
  const ended = session.status === "ended";
  // An ended table comes with its whole log (everything is revealed): the replay folds it here.
  const start = table.start_position;
  const timeline = useMemo(
    () => (ended && start !== null ? buildTimeline(start, table.events) : null),
    [ended, start, table.events],
  );
  const length = timeline?.length ?? 0;
  const linked = parseTurnNumber(params.get("turnNumber"));
  const [replayOn, setReplayOn] = useState(() => ended && linked !== null && linked < table.events.length);
  const [step, setStepState] = useState(() => (linked === null ? Number.POSITIVE_INFINITY : linked));
  const shownStep = timeline === null ? 0 : replayOn ? clampStep(step, length) : length;
  // While the table is ended the address carries the shown event number (section 2).
  useEffect(() => {
    if (timeline === null) return;
    if (params.get("turnNumber") === String(shownStep)) return;
    const next = new URLSearchParams(params);
    next.set("turnNumber", String(shownStep));
    setParams(next, { replace: true });
  }, [timeline, shownStep, params, setParams]);
  const view = useMemo(
    () => (timeline !== null && replayOn ? viewAt(timeline, shownStep) : null),
    [timeline, replayOn, shownStep],
  );
  const setStep = useCallback(
    (next: number) => {
      if (timeline === null) return;
      setReplayOn(true);
      setStepState(clampStep(next, timeline.length));
    },
    [timeline],
  );
  const setOn = useCallback(
    (on: boolean) => {
      setReplayOn(on && timeline !== null);
      if (on && timeline !== null) setStepState((s) => clampStep(s, timeline.length));
    },
    [timeline],
  );
  return { timeline, replayOn, setReplayOn: setOn, step: shownStep, setStep, view };
}

function GameView(props: {
  table: TableLoadResponse;
  session: TableSession;
  seat: string;
  seatChoices: string[];
  onSeat: (seat: string) => void;
  editMode: boolean;
  onEditMode: (on: boolean) => void;
  cheatMode: boolean;
  onCheatMode: (on: boolean) => void;
  onReloadComponents: () => void;
  /** Null unless this user may watch this running table with the full view. */
  fullView: { on: boolean; set: (on: boolean) => void } | null;
}) {
  const {
    table,
    session,
    seat,
    seatChoices: choices,
    onSeat,
    editMode,
    onEditMode,
    cheatMode,
    onCheatMode,
    onReloadComponents,
    fullView,
  } = props;
  // Every face drawn: a privileged watcher's full view of a running table.
  const reveal = session.viewer === FULL_VIEW && fullView?.on === true;
  if (session.situation === null) throw new Error("GameView without a situation");
  const slug = table.projectInfo.slug;
  const tableSettings = useTableSettings(slug);
  const { settings } = tableSettings;
  const replay = useReplay(table, session);
  const replaying = replay.view !== null;
  const situation = replay.view?.situation ?? session.situation;
  const [showChat, setShowChat] = useState(true);
  const [showLog, setShowLog] = useState(true);
  const [showHelp, setShowHelp] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [lens, setLens] = useState<{ on: boolean; scale: number }>({ on: false, scale: LENS.scale });
  const pointerRef = useRef<Pointer | null>(null);
  const [tooltip, setTooltip] = useState<{ text: string; x: number; y: number } | null>(null);
  const [bound, setBoundState] = useState(table.isBound);
  const [invite, setInvite] = useState<{ colour: string; link: string } | null>(null);
  const user = useCurrentUser().data;
  const navigate = useNavigate();
  const isAdmin = user?.role.includes("admin") === true;
  const roles = table.projectInfo.roles;
  // Section 6: site admins and the project's designers see the restart, reload and bind controls.
  const mayReload = user != null && (isAdmin || roles.designer.includes(user.username));
  const mayInvite =
    table.tableMode === "demo-invite" &&
    user != null &&
    (isAdmin || roles.designer.includes(user.username) || roles.mod.includes(user.username));
  const chatInput = useRef<HTMLInputElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  /** The game area: the board stage and the player areas (hands) below it. */
  const areaRef = useRef<HTMLDivElement>(null);
  const mouse = useRef<{ x: number; y: number } | null>(null);
  const [boxWidth, setBoxWidth] = useState<number>(BASE_WIDTH);
  const situationRef = useRef(situation);
  situationRef.current = situation;
  // The last turn's moves play in order on section 9's delays, divided by the evaluation speed; a
  // replay step shows its situation at once.
  const turnPlan = useMemo(
    () => turnSchedule(session.turnMoves.steps, settings.evalSpeed, session.turnMoves.renamed),
    [session.turnMoves, settings.evalSpeed],
  );
  const scheduleRef = useRef<TurnSchedule>(NO_SCHEDULE);
  scheduleRef.current = replaying ? NO_SCHEDULE : turnPlan;
  const motion = useMemo(
    () =>
      createMotion(
        () => scaledMs(MOVE_ANIMATION_MS, evaluationSpeed(slug)),
        () => scheduleRef.current,
      ),
    [slug],
  );
  const [inspecting, setInspecting] = useState<{
    id: string;
    name: string;
    mayLook: boolean;
    nonce: number;
  } | null>(null);
  const [confirming, setConfirming] = useState<StateButton | null>(null);
  const ended = session.status === "ended";
  const inspect = useCallback(
    (id: string, _event: MouseEvent) => {
      const c = findComponent(situationRef.current.root, id);
      const label = c?.options.label;
      setInspecting({
        id,
        name: typeof label === "string" && label !== "" ? label : (c?.name ?? id),
        mayLook: editMode || ended,
        nonce: Date.now(),
      });
    },
    [editMode, ended],
  );

  // Sounds for what changed, then the situation becomes 'previous' for the next change's animations
  // (children's layout effects run before this passive effect, so they still see the old one).
  useEffect(() => {
    const before = motion.previous.current;
    if (before !== null && before !== situation && !replaying)
      for (const sound of soundsFor(before, situation, seat)) play(sound);
    motion.previous.current = situation;
  }, [situation, seat, motion, replaying]);

  const rootInfo = componentInfo(session.pieces, situation.root, situation);
  const stageW = rootInfo.width;
  const stageH = flowHeight(situation, session.pieces) ?? rootInfo.height;
  // Fitted to the game area on a wide window, the mobile scale of the base width on a phone; the zoom
  // setting scales either (section 9).
  const scale = boardScale({
    windowWidth: window.innerWidth,
    windowHeight: window.innerHeight,
    boxWidth,
    stageWidth: stageW,
    stageHeight: stageH,
    zoom: settings.zoom,
  });

  useEffect(() => {
    const el = areaRef.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBoxWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const selected = replaying ? null : session.selected;
  const highlightsKey = replaying ? "" : session.highlights.join("|");
  const highlights = useMemo(
    () => new Set(highlightsKey === "" ? [] : highlightsKey.split("|")),
    [highlightsKey],
  );
  const clickableKey = replaying ? "" : session.clickable.join("|");
  const clickable = useMemo(
    () => new Set(clickableKey === "" ? [] : clickableKey.split("|")),
    [clickableKey],
  );
  // The situation's game state, containers and players key the env: nodes draw from them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the extra keys are intended.
  const env: BoardEnv = useMemo(
    () => ({
      slug,
      pieces: session.pieces,
      situationRef,
      seat,
      editMode,
      selected,
      highlights,
      clickable,
      act: session.act,
      motion,
      inspect,
      decks: table.decks,
      reveal,
    }),
    [
      reveal,
      table.decks,
      motion,
      inspect,
      slug,
      session.pieces,
      seat,
      editMode,
      selected,
      highlights,
      clickable,
      session.act,
      situation.gameState,
      situation.containers,
      situation.players,
    ],
  );

  const { act, deselect, sendPing, showAlert } = session;
  const { setZoom, zoomDraft } = tableSettings;

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        showAlert(COPIED);
      } catch {
        showAlert({ text: `Copy this link: ${text}`, color: "green" });
      }
    },
    [showAlert],
  );

  const debugTable = useCallback(
    async (step: number) => {
      const result = await createDebugTable(table.tableId, step);
      if (!result.ok) showAlert(systemError(result.reason));
      else navigate(result.path);
    },
    [table.tableId, navigate, showAlert],
  );

  /** Delete and f adjust a component by hand: edit mode's raw moves, never the rules. */
  const adjust = useCallback(
    (kind: "discard" | "flip") => {
      const id = session.selected;
      if (id === null) return;
      if (!editMode) {
        showAlert({ text: "Turn on edit mode to discard or flip a component by hand.", color: "pink" });
        return;
      }
      const component = findComponent(situationRef.current.root, id);
      if (!component) return;
      const move =
        kind === "discard"
          ? { type: "discard", componentId: id }
          : {
              type: "set component option",
              componentId: id,
              // The face or back a card shows is its facedown option (engine visibility).
              option: "facedown",
              value: component.options.facedown !== true,
            };
      act({ kind: "raw move", move }, { alone: true });
    },
    [session.selected, editMode, act, showAlert],
  );

  const keyState = useRef({ replay, ended, editMode, lens });
  keyState.current = { replay, ended, editMode, lens };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const intent = keyIntent({
        key: event.key,
        type: event.type === "keyup" ? "keyup" : "keydown",
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        repeat: event.repeat,
        target: event.target,
        modalOpen: inModal(event.target),
      });
      if (intent === null) return;
      const now = keyState.current;
      switch (intent.kind) {
        case "lens":
          if (intent.on) event.preventDefault();
          setLens((l) => (l.on === intent.on ? l : { ...l, on: intent.on }));
          return;
        case "replay step": {
          if (!now.ended) return;
          event.preventDefault();
          now.replay.setStep(now.replay.step + intent.by);
          return;
        }
        case "zoom":
          event.preventDefault();
          setZoom(stepZoom(zoomDraft, intent.direction), true);
          return;
        case "deselect":
          deselect();
          return;
        case "open chat":
          event.preventDefault();
          // Focus at once when the chat is open, so the next keys go to the message and not to hotkeys.
          if (chatInput.current) chatInput.current.focus();
          else {
            setShowChat(true);
            window.setTimeout(() => chatInput.current?.focus(), 0);
          }
          return;
        case "toggle log":
          setShowLog((v) => !v);
          return;
        case "toggle edit mode":
          if (table.editModeAllowed) onEditMode(!now.editMode);
          return;
        case "ping":
          if (mouse.current !== null) sendPing(mouse.current.x, mouse.current.y);
          return;
        case "reload components":
          onReloadComponents();
          return;
        case "discard":
        case "flip":
          adjust(intent.kind);
          return;
      }
    };
    // The lens hides when the window loses the key it was waiting for.
    const onBlur = () => setLens((l) => (l.on ? { ...l, on: false } : l));
    window.addEventListener("keydown", onKey);
    window.addEventListener("keyup", onKey);
    window.addEventListener("blur", onBlur);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("keyup", onKey);
      window.removeEventListener("blur", onBlur);
    };
  }, [deselect, sendPing, onEditMode, table.editModeAllowed, setZoom, zoomDraft, adjust, onReloadComponents]);

  // Ctrl + wheel changes the scale, Alt + wheel the lens; the browser's own zoom stays out of it.
  useEffect(() => {
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.altKey) return;
      event.preventDefault();
      const direction = event.deltaY < 0 ? 1 : -1;
      if (event.altKey) setLens((l) => ({ ...l, scale: stepLens(l.scale, direction) }));
      else setZoom(stepZoom(zoomDraft, direction), true);
    };
    window.addEventListener("wheel", onWheel, { passive: false });
    return () => window.removeEventListener("wheel", onWheel);
  }, [setZoom, zoomDraft]);

  // Pointer position for the lens and edge scrolling, kept in a ref: no re-render per mouse move.
  useEffect(() => {
    const onMove = (event: globalThis.MouseEvent) => {
      pointerRef.current = { clientX: event.clientX, clientY: event.clientY };
    };
    const onLeave = () => {
      pointerRef.current = null;
    };
    window.addEventListener("mousemove", onMove);
    document.documentElement.addEventListener("mouseleave", onLeave);
    return () => {
      window.removeEventListener("mousemove", onMove);
      document.documentElement.removeEventListener("mouseleave", onLeave);
    };
  }, []);

  useEffect(() => {
    if (!settings.edgeScroll) return;
    let frame = 0;
    const tick = () => {
      const p = pointerRef.current;
      if (p !== null) {
        const { dx, dy } = edgeScrollStep(p.clientX, p.clientY, {
          width: window.innerWidth,
          height: window.innerHeight,
        });
        if (dx !== 0 || dy !== 0) window.scrollBy(dx, dy);
      }
      frame = window.requestAnimationFrame(tick);
    };
    frame = window.requestAnimationFrame(tick);
    return () => window.cancelAnimationFrame(frame);
  }, [settings.edgeScroll]);

  // Hover tooltips: the rule module's text for the component under a still pointer, after 1500 ms,
  // on the board and in the player areas alike. The pointer's spot (for g's ping) is in board units
  // from the game area's corner, where the board is drawn: the board's own coordinates there.
  const hoverTimer = useRef<number | null>(null);
  const onAreaMove = (event: MouseEvent<HTMLDivElement>) => {
    mouse.current = pointInArea(event.currentTarget, event.clientX, event.clientY, scale);
    if (!settings.tooltips) return;
    if (hoverTimer.current !== null) window.clearTimeout(hoverTimer.current);
    setTooltip(null);
    const node = (event.target as HTMLElement).closest?.("[data-component-id]");
    const id = node?.getAttribute("data-component-id");
    if (!id) return;
    // Without a text from the rules a component is named by its accessible name, but not while the
    // pointer rests on one of its positions (an empty square of a board, a slot of a row): that is
    // where it stays after every move, and 'board' popping up there tells nobody anything. A deck's
    // pile is the deck itself.
    const spot = (event.target as HTMLElement).closest("[data-position]:not([data-pile])");
    const onPosition = spot !== null && node?.contains(spot) === true;
    const { clientX, clientY } = event;
    hoverTimer.current = window.setTimeout(() => {
      const text =
        tooltipFor(session.module, situationRef.current, id, seat, {
          pieces: session.pieces,
          options: session.options,
        }) ?? (onPosition ? null : node?.getAttribute("aria-label"));
      if (text) setTooltip({ text, x: clientX, y: clientY });
    }, TOOLTIP_DELAY_MS);
  };
  useEffect(
    () => () => {
      if (hoverTimer.current !== null) window.clearTimeout(hoverTimer.current);
    },
    [],
  );

  const state = replaying ? activeState(situation) : session.activeState;
  const stateText = situation.ended
    ? endMessage(situation.stats)
    : state === null
      ? ""
      : gameMessage(session, situation, seat, state);
  const buttons =
    state === null || replaying
      ? []
      : [
          ...(showsPlayerButtons(situation, seat, editMode) ? state.buttons : []),
          ...(editMode ? state.editModeButtons : []),
        ];
  const extent = boardExtent(situation.players.length);
  const midgame = session.status === "midgame";
  const undoDisabled = !editMode && state !== null && state.activePlayer === EVERYONE;
  const log =
    replay.view?.log ??
    (ended ? (replay.timeline ? viewAt(replay.timeline, replay.timeline.length).log : []) : session.log);

  const controls: TableControls = {
    mayReload,
    isAdmin,
    midgame,
    bound,
    onReloadDecks: () => session.reload("decks"),
    onReloadDataSheet: () => session.reload("data sheet"),
    onReloadComponents: () => session.reload("components"),
    onReloadDevComponents: () => session.reload("dev components"),
    onBind: (next) =>
      void setBound(slug, table.tableId, next).then((failure) => {
        if (failure === null) setBoundState(next);
        else showAlert(systemError(failure));
      }),
    onRestart: () =>
      void restartTable(slug, table.tableId).then((failure) => {
        if (failure !== null) showAlert(systemError(failure));
      }),
    onDebugTable: () =>
      void debugTable(replay.timeline ? replay.step : (session.model?.confirmed.headers.length ?? 0)),
    inviteSeats: mayInvite ? table.possibleColors : [],
    onInviteLink: (colour) =>
      void inviteLink(table.tableId, colour).then((result) => {
        if (!result.ok) showAlert(systemError(result.reason));
        else {
          setInvite({ colour, link: result.link });
          void copy(result.link);
        }
      }),
  };

  return (
    <Box>
      <Background url={table.projectInfo.background} />
      <TableTopBar
        title={table.projectInfo.project_name}
        seat={seat}
        seatChoices={choices}
        onSeat={onSeat}
        onOpenSettings={() => setSettingsOpen(true)}
        rulebookHref={`/projects/${encodeURIComponent(slug)}/rules`}
        ended={ended}
        replayOn={replay.replayOn}
        onReplay={replay.setReplayOn}
        onUndo={midgame ? session.undo : null}
        undoDisabled={undoDisabled}
        showChat={showChat}
        onChat={setShowChat}
        showLog={showLog}
        onLog={setShowLog}
        help={
          table.projectInfo.overviewCard ? { shown: showHelp, toggle: () => setShowHelp((v) => !v) } : null
        }
        editMode={table.editModeAllowed && !ended ? { on: editMode, set: onEditMode } : null}
        fullView={ended ? null : fullView}
        banner={bannerOf(situation.globals)}
      />
      {!ended && session.fullViewers.length > 0 && (
        <Alert severity="info" sx={{ mb: 1 }} aria-label="Full view watchers">
          {`Watching with the full view (every hand and deck): ${session.fullViewers.join(", ")}`}
        </Alert>
      )}
      {invite && (
        <Alert severity="info" onClose={() => setInvite(null)} sx={{ mb: 1 }}>
          Invite link for {invite.colour}:{" "}
          <Box
            component="code"
            aria-label={`Invite link for ${invite.colour}`}
            sx={{ wordBreak: "break-all" }}
          >
            {invite.link}
          </Box>
        </Alert>
      )}
      {ended && replay.timeline && replay.replayOn && (
        <ReplayBar
          step={replay.step}
          length={replay.timeline.length}
          marks={replay.timeline.marks}
          onStep={replay.setStep}
          onCopyLink={() => void copy(withTurnNumber(window.location.href, replay.step))}
          onDebugTable={isAdmin ? () => void debugTable(replay.step) : null}
        />
      )}
      <StatusBar
        status={session.clientState}
        message={statusMessage(session.clientState, stateText)}
        onSkip={session.skipEvaluation}
        buttons={buttons}
        onButton={(button) => {
          if (button.confirm !== undefined) setConfirming(button);
          else act({ kind: "press state button", button: button.name });
        }}
      />
      <Stack direction={{ xs: "column", lg: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
        <Box
          ref={areaRef}
          data-game-area="true"
          onMouseMove={onAreaMove}
          onMouseLeave={() => {
            mouse.current = null;
            if (hoverTimer.current !== null) window.clearTimeout(hoverTimer.current);
            setTooltip(null);
          }}
          sx={{
            position: "relative",
            flex: 1,
            minWidth: 0,
            width: "100%",
            minHeight: stageH * scale * Math.min(extent, 1.2),
          }}
        >
          <Box
            ref={stageRef}
            role="application"
            aria-label="Game board"
            sx={{ position: "relative", width: stageW * scale, height: stageH * scale, overflow: "hidden" }}
          >
            <Box
              sx={{
                position: "absolute",
                left: 0,
                top: 0,
                width: stageW,
                height: stageH,
                transform: `scale(${scale})`,
                transformOrigin: "0 0",
                pointerEvents: replaying ? "none" : undefined,
              }}
            >
              <RootStage env={env} root={situation.root} width={rootInfo.width} height={rootInfo.height} />
            </Box>
          </Box>
          <PlayerAreas env={env} players={situation.players} board={stageRef} />
          {/* Pings over the whole game area (a hand may be pinged too), in board units like the board. */}
          <Box
            aria-hidden={session.pings.length === 0 ? true : undefined}
            sx={{
              position: "absolute",
              left: 0,
              top: 0,
              width: 0,
              height: 0,
              transform: `scale(${scale})`,
              transformOrigin: "0 0",
              zIndex: 5,
              pointerEvents: "none",
            }}
          >
            {session.pings.map((p) => (
              <Box
                key={p.id}
                data-ping={p.sourcePlayer}
                aria-label={`Ping from ${p.sourcePlayer}`}
                sx={{
                  position: "absolute",
                  left: p.x - 20,
                  top: p.y - 20,
                  width: 40,
                  height: 40,
                  borderRadius: "50%",
                  border: "4px solid #ff1744",
                }}
              />
            ))}
          </Box>
        </Box>
        {(showChat || showLog) && (
          <Stack spacing={2} sx={{ width: { xs: "100%", lg: 320 }, flex: "none" }}>
            {showLog && (
              <LogPanel
                log={log}
                {...(ended && isAdmin ? { onCtrlClick: (seq: number) => void debugTable(seq + 1) } : {})}
              />
            )}
            {showChat && (
              <ChatPanel
                messages={session.chat}
                onSend={(message) => {
                  session.sendChat(message);
                  if (settings.closeChatAfterSend) setShowChat(false);
                }}
                inputRef={chatInput}
              />
            )}
          </Stack>
        )}
      </Stack>
      {showHelp && table.projectInfo.overviewCard && (
        <Box
          component="img"
          src={assetUrl(table.projectInfo.slug, table.projectInfo.overviewCard)}
          alt="Overview help card"
          onClick={() => setShowHelp(false)}
          sx={{
            position: "fixed",
            right: 24,
            bottom: 24,
            maxWidth: "45vw",
            maxHeight: "70vh",
            zIndex: 1300,
            boxShadow: 8,
            borderRadius: 1,
          }}
        />
      )}
      {tooltip && (
        <Paper
          role="tooltip"
          sx={{
            position: "fixed",
            left: tooltip.x + 16,
            top: tooltip.y + 16,
            zIndex: 1450,
            px: 1.5,
            py: 0.75,
            maxWidth: 320,
            pointerEvents: "none",
            whiteSpace: "pre-line",
          }}
        >
          {tooltip.text}
        </Paper>
      )}
      <ZoomLens
        source={areaRef}
        on={lens.on}
        lastPointer={pointerRef}
        scale={lens.scale}
        version={situation}
      />
      <TableSettingsPanel
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        settings={tableSettings}
        editModeAllowed={table.editModeAllowed && !ended}
        editMode={editMode}
        onEditMode={onEditMode}
        cheatMode={cheatMode}
        onCheatMode={onCheatMode}
        controls={controls}
      />
      {session.status === "ended" && (
        <EndedResults table={table} situation={session.situation} user={user?.username ?? null} />
      )}
      <AlertPopup alert={session.alert} onClose={session.clearAlert} />
      <ChatPopupView popup={session.chatPopup} onDone={session.clearChatPopup} />
      <ContainerContents
        tableId={table.tableId}
        target={inspecting}
        onClose={() => setInspecting(null)}
        onLook={
          // Looking through hidden pieces: an edit-mode move the log shows to everyone.
          editMode && !ended && session.viewer !== FULL_VIEW
            ? (containerId) =>
                session.act(
                  { kind: "raw move", move: { type: "look", componentId: containerId } },
                  {
                    alone: true,
                    edit: true,
                  },
                )
            : null
        }
      />
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="confirm-title">
        <DialogTitle id="confirm-title">{confirming?.text}</DialogTitle>
        <DialogContent>
          <Typography>{confirming?.confirm}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Reject</Button>
          <Button
            variant="contained"
            color={confirming?.style === "danger" ? "error" : "primary"}
            onClick={() => {
              const button = confirming;
              setConfirming(null);
              if (button) act({ kind: "press state button", button: button.name });
            }}
          >
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

// The game table page /projects/{projectSlug}/table/{tableId} (game-table.md sections 2-5, 8, 9).

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import {
  boardExtent,
  componentInfo,
  findComponent,
  type GameState,
  type PieceLibrary,
  PLAYER_COLOURS,
  PLAYERS_POSITION,
  positionSets,
  type Situation,
  type Button as StateButton,
  showsPlayerButtons,
} from "@tt/engine";
import type { TableLoadResponse } from "@tt/protocol";
import { type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from "react-router";
import { useCurrentUser } from "../../app/auth";
import { useSocketEvent } from "../../app/socket";
import { WaitState } from "../../app/WaitState";
import { local } from "../../lib/storage";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { closeTable, useTableLoad } from "./api";
import { type BoardEnv, RootStage } from "./Board";
import { ContainerContents } from "./ContainerContents";
import { assetUrl, colourHex } from "./layout";
import { createMotion, evaluationSpeed, MOVE_ANIMATION_MS, scaledMs } from "./motion";
import { AlertPopup, ChatPanel, ChatPopupView, LogPanel, StatusBar } from "./Panels";
import { PlayerAreas } from "./PlayerAreas";
import { actsAs, initialSeat, isViewMode, playAsKey, seatChoices } from "./seat";
import { play, soundsFor } from "./sounds";
import { endMessage, noInstructions, statusMessage } from "./statusBar";
import { type TableSession, useTableSession } from "./useTableSession";

export default function TablePage() {
  const { projectSlug = "", tableId = "" } = useParams();
  const [params] = useSearchParams();
  const playAsColor = params.get("playAsColor");
  const invitePwd = params.get("invitePwd");
  const load = useTableLoad(tableId, playAsColor, invitePwd);
  const [loadCount, setLoadCount] = useState(0);
  useDocumentTitle(load.data?.ok ? `${load.data.table.projectInfo.project_name} table` : "Table");

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
      queryColour={playAsColor}
    />
  );
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

function TableView(props: { table: TableLoadResponse; onStarted: () => void; queryColour: string | null }) {
  const { table, onStarted, queryColour } = props;
  const colours = table.playerColors.map((p) => p.color);
  const role = useCurrentUser().data?.role ?? "";
  const seatCtx = {
    yourSeat: table.yourSeat,
    anySeat: table.anySeat,
    colours,
    viewMode: isViewMode(table.tableMode, table.status, role, queryColour),
  };
  const [seat, setSeatState] = useState(() => initialSeat(seatCtx, local, table.tableId, queryColour));
  const setSeat = (next: string) => {
    local.setItem(playAsKey(table.tableId), next);
    setSeatState(next);
  };
  const [editMode, setEditMode] = useState(false);
  const [cheatMode, setCheatMode] = useState(false);
  const session = useTableSession(
    table,
    seat,
    editMode && table.editModeAllowed,
    onStarted,
    cheatMode && table.editModeAllowed,
    !actsAs(seatCtx, seat),
  );

  if (table.status === "open" && table.start_position === null) {
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

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
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
  } = props;
  const situation = session.situation;
  if (situation === null) throw new Error("GameView without a situation");
  const [showChat, setShowChat] = useState(true);
  const [showLog, setShowLog] = useState(true);
  const [showHelp, setShowHelp] = useState(false);
  const user = useCurrentUser().data;
  // Section 6: site admins and the project's designers see the reload controls.
  const mayReload =
    user != null && (user.role.includes("admin") || table.projectInfo.roles.designer.includes(user.username));
  const chatInput = useRef<HTMLInputElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const mouse = useRef<{ x: number; y: number } | null>(null);
  const [boxWidth, setBoxWidth] = useState(900);
  const situationRef = useRef(situation);
  situationRef.current = situation;
  const slug = table.projectInfo.slug;
  const motion = useMemo(
    () => createMotion(() => scaledMs(MOVE_ANIMATION_MS, evaluationSpeed(slug))),
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
    if (before !== null && before !== situation)
      for (const sound of soundsFor(before, situation, seat)) play(sound);
    motion.previous.current = situation;
  }, [situation, seat, motion]);

  const rootInfo = componentInfo(session.pieces, situation.root, situation);
  const stageW = rootInfo.width;
  const stageH = flowHeight(situation, session.pieces) ?? rootInfo.height;
  // Fit the width, and the height of the window below the top bar and status bar.
  const scale = Math.min(1.5, boxWidth / stageW, Math.max(300, window.innerHeight - 230) / stageH);

  useEffect(() => {
    const el = stageRef.current?.parentElement;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBoxWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const highlightsKey = session.highlights.join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: highlightsKey stands for the highlights.
  const highlights = useMemo(() => new Set(session.highlights), [highlightsKey]);
  // The situation's game state, containers and players key the env: nodes draw from them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the extra keys are intended.
  const env: BoardEnv = useMemo(
    () => ({
      slug: table.projectInfo.slug,
      pieces: session.pieces,
      situationRef,
      seat,
      editMode,
      selected: session.selected,
      highlights,
      act: session.act,
      motion,
      inspect,
      decks: table.decks,
    }),
    [
      table.decks,
      motion,
      inspect,
      table.projectInfo.slug,
      session.pieces,
      seat,
      editMode,
      session.selected,
      highlights,
      session.act,
      situation.gameState,
      situation.containers,
      situation.players,
    ],
  );

  const { act, deselect, sendPing } = session;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "Escape") deselect();
      else if (event.key === "Enter") {
        event.preventDefault();
        // Focus at once when the chat is open, so the next keys go to the message and not to hotkeys.
        if (chatInput.current) chatInput.current.focus();
        else {
          setShowChat(true);
          window.setTimeout(() => chatInput.current?.focus(), 0);
        }
      } else if (event.key === "l" || event.key === "L") setShowLog((v) => !v);
      else if ((event.key === "e" || event.key === "E") && table.editModeAllowed) onEditMode(!editMode);
      else if ((event.key === "g" || event.key === "G") && mouse.current !== null)
        sendPing(mouse.current.x, mouse.current.y);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [deselect, sendPing, editMode, onEditMode, table.editModeAllowed]);

  const state = session.activeState;
  const stateText = situation.ended
    ? endMessage(situation.stats)
    : state === null
      ? ""
      : gameMessage(session, situation, seat, state);
  const buttons =
    state === null
      ? []
      : [
          ...(showsPlayerButtons(situation, seat, editMode) ? state.buttons : []),
          ...(editMode ? state.editModeButtons : []),
        ];
  const extent = boardExtent(situation.players.length);

  return (
    <Box>
      <Background url={table.projectInfo.background} />
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
        <Typography variant="h2" sx={{ fontSize: "1.3rem", flex: 1 }}>
          {table.projectInfo.project_name}
          {session.status === "ended" ? " (ended)" : ""}
        </Typography>
        {choices.length > 1 ? (
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id="play-as-label">Play as</InputLabel>
            <Select
              labelId="play-as-label"
              label="Play as"
              value={seat}
              onChange={(event) => onSeat(String(event.target.value))}
            >
              {choices.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        ) : (
          <Typography>{`You are playing as ${seat}`}</Typography>
        )}
        {table.editModeAllowed && (
          <FormControlLabel
            control={<Switch checked={editMode} onChange={(event) => onEditMode(event.target.checked)} />}
            label="Edit mode"
          />
        )}
        {table.editModeAllowed && (
          <FormControlLabel
            control={<Switch checked={cheatMode} onChange={(event) => onCheatMode(event.target.checked)} />}
            label="Cheat mode"
          />
        )}
        {table.projectInfo.overviewCard && (
          <Button size="small" aria-pressed={showHelp} onClick={() => setShowHelp((v) => !v)}>
            Help
          </Button>
        )}
        {mayReload && session.status === "midgame" && (
          <>
            <Button size="small" onClick={() => session.reload("decks")}>
              Reload decks
            </Button>
            <Button size="small" onClick={() => session.reload("data sheet")}>
              Reload data sheet
            </Button>
          </>
        )}
        <FormControlLabel
          control={<Switch checked={showChat} onChange={(event) => setShowChat(event.target.checked)} />}
          label="Chat"
        />
        <FormControlLabel
          control={<Switch checked={showLog} onChange={(event) => setShowLog(event.target.checked)} />}
          label="Log"
        />
      </Stack>
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
        <Box sx={{ flex: 1, minWidth: 0, width: "100%", minHeight: stageH * scale * Math.min(extent, 1.2) }}>
          <Box
            ref={stageRef}
            role="application"
            aria-label="Game board"
            onMouseMove={(event) => {
              const rect = event.currentTarget.getBoundingClientRect();
              mouse.current = {
                x: Math.round((event.clientX - rect.left) / scale),
                y: Math.round((event.clientY - rect.top) / scale),
              };
            }}
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
              }}
            >
              <RootStage env={env} root={situation.root} width={rootInfo.width} height={rootInfo.height} />
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
                    zIndex: 5000,
                    pointerEvents: "none",
                  }}
                />
              ))}
            </Box>
          </Box>
          <PlayerAreas env={env} players={situation.players} board={stageRef} />
        </Box>
        {(showChat || showLog) && (
          <Stack spacing={2} sx={{ width: { xs: "100%", lg: 320 }, flex: "none" }}>
            {showLog && <LogPanel log={session.model?.confirmed.log ?? []} />}
            {showChat && <ChatPanel messages={session.chat} onSend={session.sendChat} inputRef={chatInput} />}
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
      <AlertPopup alert={session.alert} onClose={session.clearAlert} />
      <ChatPopupView popup={session.chatPopup} onDone={session.clearChatPopup} />
      <ContainerContents tableId={table.tableId} target={inspecting} onClose={() => setInspecting(null)} />
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

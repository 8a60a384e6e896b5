// The game view of a started or ended table (game-table.md sections 2, 4, 5, 9): the top bar, the
// status bar, the game area, the chat and log panels, and what opens over them. It binds: the UI flags
// come from the page's reducer (tableUi.ts), the rules' answers from the session and the engine, the
// input, the hover tooltip, the stage and the admin controls from their own hooks.

import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { activeState, FULL_VIEW, undoDisabled } from "@tt/engine";
import type { TableLoadResponse } from "@tt/protocol";
import { type Dispatch, useCallback, useEffect, useRef } from "react";
import { useCurrentUser } from "../../services/auth";
import { Background } from "./Background";
import { ContainerContents } from "./ContainerContents";
import { EditTools } from "./EditTools";
import { logLineView } from "./eventLog";
import { GameArea } from "./GameArea";
import { HoverTooltip, useHoverTooltip } from "./HoverTooltip";
import { assetUrl, SIDE_COLUMN_WIDTH } from "./layout";
import { MoveList, moveListOf } from "./MoveList";
import { AlertPopup, ChatPanel, ChatPopupView, LogPanel, SidePanels, StatusBar } from "./Panels";
import { OtherAreas } from "./PlayerAreas";
import { ReplayBar } from "./ReplayBar";
import { viewAt, withTurnNumber } from "./replay";
import { EndedResults } from "./results/EndedResults";
import { EndPanel } from "./results/EndSummary";
import { useEndSummary } from "./results/useEndSummary";
import { gameMessage, stateButtons } from "./stage";
import { bannerOf, endMessage, statusMessage } from "./statusBar";
import { ConfirmButtonDialog, FullViewNotice, InviteNotice, OverviewHelp } from "./TableNotices";
import { TableSettingsPanel } from "./TableSettingsPanel";
import { TableTopBar } from "./TableTopBar";
import type { Inspecting, TableUi, TableUiAction } from "./tableUi";
import { useAdminControls } from "./useAdminControls";
import { useBoardStage } from "./useBoardStage";
import { useEditTools } from "./useEditTools";
import { useReplay } from "./useReplay";
import { useTableInput } from "./useTableInput";
import type { TableSession } from "./useTableSession";
import { useTableSettings } from "./useTableSettings";
import { ZoomLens } from "./ZoomLens";

export function GameView(props: {
  table: TableLoadResponse;
  session: TableSession;
  seat: string;
  seatChoices: string[];
  onSeat: (seat: string) => void;
  ui: TableUi;
  dispatch: Dispatch<TableUiAction>;
  /** Edit and cheat mode as they apply: asked for, and allowed by the table's mode. */
  editMode: boolean;
  cheatMode: boolean;
  onReloadComponents: () => void;
  /** Whether this user may watch this running table with the full view (the server says). */
  mayWatchFull: boolean;
}) {
  const { table, session, seat, ui, dispatch, editMode, cheatMode, onReloadComponents } = props;
  if (session.situation === null) throw new Error("GameView without a situation");
  const slug = table.projectInfo.slug;
  const ended = session.status === "ended";
  // Every face drawn: a privileged watcher's full view of a running table.
  const reveal = session.viewer === FULL_VIEW && props.mayWatchFull && ui.fullView;
  const tableSettings = useTableSettings(slug);
  const { settings } = tableSettings;
  const replay = useReplay(table, session);
  const replaying = replay.view !== null;
  const situation = replay.view?.situation ?? session.situation;
  const user = useCurrentUser().data;
  // The end summary beside the board, once per user per table; the results open it again.
  const summary = useEndSummary(table.tableId, user?.username ?? null, ended);
  const chatInput = useRef<HTMLInputElement>(null);
  const onEditMode = useCallback((on: boolean) => dispatch({ type: "edit mode", on }), [dispatch]);
  const onInspect = useCallback((target: Inspecting) => dispatch({ type: "inspect", target }), [dispatch]);

  const editTools = useEditTools(session, editMode && !ended && !replaying);
  const stage = useBoardStage({
    table,
    session: editTools.boardSession,
    situation,
    replaying,
    seat,
    editMode,
    reveal,
    settings,
    onInspect,
  });
  const project = { pieces: session.pieces, options: session.options };
  const hover = useHoverTooltip({
    dispatch,
    enabled: settings.tooltips,
    scale: stage.scale,
    module: session.module,
    project,
    seat,
    situationRef: stage.situationRef,
  });
  const pointerRef = useTableInput({
    dispatch,
    replay,
    ended,
    editMode,
    editModeAllowed: table.editModeAllowed,
    onEditMode,
    edgeScroll: settings.edgeScroll,
    zoomDraft: tableSettings.zoomDraft,
    setZoom: tableSettings.setZoom,
    selected: session.selected,
    situationRef: stage.situationRef,
    act: session.act,
    deselect: session.deselect,
    sendPing: session.sendPing,
    showAlert: session.showAlert,
    onReloadComponents,
    mouse: hover.mouse,
    chatInput,
  });
  const admin = useAdminControls(table, session, replay, dispatch);
  const { copy, debugTable, mayDebug } = admin;

  const state = replaying ? activeState(situation) : session.activeState;
  const stateText = situation.ended
    ? endMessage(situation.stats, table.playerColors)
    : state === null
      ? ""
      : gameMessage(session.module, project, situation, seat, state);
  const buttons = state === null || replaying ? [] : stateButtons(situation, state, seat, editMode);
  const midgame = session.status === "midgame";
  const log =
    replay.view?.log ??
    (ended ? (replay.timeline ? viewAt(replay.timeline, replay.timeline.length).log : []) : session.log);
  const { panels } = ui;
  // The game's record beside the board (chess in SAN), of the situation drawn: replay steps too.
  const moveList = moveListOf(session.module, situation, project);
  const overviewCard = table.projectInfo.overviewCard;
  const press = (name: string) => session.act({ kind: "press state button", button: name });

  const { phone } = stage.layout;
  const others = situation.players.filter((p) => p.color !== seat);
  const root = useRef<HTMLDivElement>(null);
  // The game opens at its status line (issue 37): not at the scroll offset the table's lobby was read
  // to. The page settles over its first moments (the board is fitted once measured, a phone's zoom
  // follows the page's width), so the status line is brought back while the layout changes then.
  const openedAt = useRef(Date.now());
  const { columnWidth, ownHeight, boardTop } = stage.layout;
  // biome-ignore lint/correctness/useExhaustiveDependencies: run again as the layout settles.
  useEffect(() => {
    if (Date.now() - openedAt.current > OPENING_MS) return;
    const status = root.current?.querySelector('[role="status"][aria-label="Status bar"]');
    const box = status?.getBoundingClientRect();
    if (box !== undefined && (box.top < 0 || box.bottom > window.innerHeight / 2))
      status?.scrollIntoView({ block: "start" });
  }, [columnWidth, ownHeight, boardTop, stage.scale]);

  return (
    <Box ref={root} sx={gameViewSx(phone, stage.layout.ownHeight)}>
      <Background url={table.projectInfo.background} />
      <TableTopBar
        title={table.projectInfo.project_name}
        seat={seat}
        seatChoices={props.seatChoices}
        onSeat={props.onSeat}
        onOpenSettings={() => dispatch({ type: "panel", panel: "settings", open: true })}
        rulebookHref={`/projects/${encodeURIComponent(slug)}/rules`}
        ended={ended}
        replayOn={replay.replayOn}
        onReplay={replay.setReplayOn}
        onUndo={midgame ? session.undo : null}
        // The engine's answer: off while everyone plays, outside edit mode.
        undoDisabled={undoDisabled(situation, editMode)}
        showChat={panels.chat}
        onChat={(open) => dispatch({ type: "panel", panel: "chat", open })}
        showLog={panels.log}
        onLog={(open) => dispatch({ type: "panel", panel: "log", open })}
        help={
          overviewCard
            ? { shown: panels.help, toggle: () => dispatch({ type: "toggle panel", panel: "help" }) }
            : null
        }
        editMode={table.editModeAllowed && !ended ? { on: editMode, set: onEditMode } : null}
        fullView={
          ended || !props.mayWatchFull
            ? null
            : { on: ui.fullView, set: (on) => dispatch({ type: "full view", on }) }
        }
        banner={bannerOf(situation.globals)}
      />
      <FullViewNotice viewers={ended ? [] : session.fullViewers} />
      <InviteNotice invite={ui.invite} onClose={() => dispatch({ type: "invite", invite: null })} />
      {ended && replay.timeline && replay.replayOn && (
        <ReplayBar
          step={replay.step}
          length={replay.timeline.length}
          marks={replay.timeline.marks}
          onStep={replay.setStep}
          onCopyLink={() => void copy(withTurnNumber(window.location.href, replay.step))}
          onDebugTable={mayDebug ? () => void debugTable(replay.step) : null}
        />
      )}
      <StatusBar
        status={session.clientState}
        message={statusMessage(session.clientState, stateText)}
        notice={replaying ? null : session.clickNotice}
        onSkip={session.skipEvaluation}
        buttons={buttons}
        onButton={(button) => {
          if (button.confirm !== undefined) dispatch({ type: "confirm", button });
          else press(button.name);
        }}
      />
      {editTools.shown && (
        <EditTools
          tools={editTools}
          situation={situation}
          pieces={session.pieces}
          selected={session.selected}
        />
      )}
      {/* The board and one's own area take the room left of the column of the other seats, the log and
          the chat; a phone has one column. */}
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: phone ? "minmax(0, 1fr)" : `minmax(0, 1fr) ${SIDE_COLUMN_WIDTH}px`,
          gap: 2,
          alignItems: "start",
        }}
      >
        <GameArea
          stage={stage}
          situation={situation}
          replaying={replaying}
          pings={session.pings}
          onMouseMove={hover.onMouseMove}
          onMouseLeave={hover.onMouseLeave}
        />
        {(ended || others.length > 0 || panels.chat || panels.log || moveList !== null) && (
          <Stack
            spacing={2}
            // Beside the board the column scrolls on its own: four seats, the log and the chat do not
            // lengthen the page under the board and one's hand.
            sx={
              phone
                ? { minWidth: 0 }
                : {
                    minWidth: 0,
                    position: "sticky",
                    top: 8,
                    // No taller than the board's share of the window, so the page does not scroll.
                    maxHeight: Math.max(320, stage.layout.windowHeight - boardTop - 32),
                    overflowY: "auto",
                  }
            }
          >
            {ended && <EndPanel table={table} situation={session.situation} summary={summary} />}
            <OtherAreas
              env={stage.env}
              players={others}
              width={phone ? stage.layout.columnWidth : SIDE_COLUMN_WIDTH}
              rows={phone}
            />
            {moveList !== null && <MoveList record={moveList} />}
            <SidePanels
              tabs={phone}
              log={
                panels.log && (
                  <LogPanel
                    turns={log}
                    slug={slug}
                    // The moves behind each line: the project's designers and site admins (the server's answer).
                    mayShowMoves={table.controls.maintain}
                    lineView={(line) => logLineView(line, situation, stage.env)}
                    {...(ended && mayDebug ? { onCtrlClick: (seq: number) => void debugTable(seq + 1) } : {})}
                  />
                )
              }
              chat={
                panels.chat && (
                  <ChatPanel
                    messages={session.chat}
                    onSend={(message) => {
                      session.sendChat(message);
                      dispatch({ type: "chat sent", closeChat: settings.closeChatAfterSend });
                    }}
                    inputRef={chatInput}
                  />
                )
              }
            />
          </Stack>
        )}
      </Box>
      {panels.help && overviewCard && (
        <OverviewHelp
          src={assetUrl(table.projectInfo.slug, overviewCard)}
          onClose={() => dispatch({ type: "panel", panel: "help", open: false })}
        />
      )}
      <HoverTooltip tooltip={ui.tooltip} />
      <ZoomLens
        source={stage.areaRef}
        on={ui.lens.on}
        lastPointer={pointerRef}
        scale={ui.lens.scale}
        version={situation}
      />
      <TableSettingsPanel
        open={panels.settings}
        onClose={() => dispatch({ type: "panel", panel: "settings", open: false })}
        settings={tableSettings}
        editModeAllowed={table.editModeAllowed && !ended}
        editMode={editMode}
        onEditMode={onEditMode}
        cheatMode={cheatMode}
        onCheatMode={(on) => dispatch({ type: "cheat mode", on })}
        controls={admin.controls}
      />
      {session.status === "ended" && (
        <EndedResults
          table={table}
          situation={session.situation}
          user={user?.username ?? null}
          summary={summary}
        />
      )}
      <AlertPopup alert={session.alert} onClose={session.clearAlert} />
      <ChatPopupView popup={session.chatPopup} onDone={session.clearChatPopup} />
      <ContainerContents
        tableId={table.tableId}
        env={stage.env}
        target={ui.inspecting}
        onClose={() => dispatch({ type: "inspect", target: null })}
        onLook={
          // Looking through hidden pieces: an edit-mode move the log shows to everyone.
          editMode && !ended && session.viewer !== FULL_VIEW
            ? (containerId) =>
                session.act(
                  { kind: "raw move", move: { type: "look", componentId: containerId } },
                  { alone: true, edit: true },
                )
            : null
        }
      />
      <ConfirmButtonDialog
        button={ui.confirming}
        onClose={() => dispatch({ type: "confirm", button: null })}
        onConfirm={(button) => press(button.name)}
      />
    </Box>
  );
}

/** How long after the game view opens its layout is still settling (see the scroll to the status line). */
const OPENING_MS = 2000;

/**
 * The game view's own rules of layout: on a phone, room at the page's end for one's docked area, and
 * every control at least 44 px each way for a thumb (buttons, switches and tabs of every bar in it).
 */
function gameViewSx(phone: boolean, dockHeight: number) {
  if (!phone) return undefined;
  const thumb = { minWidth: 44, minHeight: 44 };
  return {
    pb: `${dockHeight + 16}px`,
    "& .MuiButton-root, & .MuiIconButton-root, & .MuiTab-root, & .MuiToggleButton-root": thumb,
    "& .MuiSwitch-root": { minHeight: 44, alignItems: "center" },
    "& .MuiFormControlLabel-root": { minHeight: 44 },
  };
}

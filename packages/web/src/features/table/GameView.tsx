// The game view of a started or ended table (game-table.md sections 2, 4, 5, 9): the top bar, the
// status bar, the game area, the chat and log panels, and what opens over them. It binds: the UI flags
// come from the page's reducer (tableUi.ts), the rules' answers from the session and the engine, the
// input, the hover tooltip, the stage and the admin controls from their own hooks.

import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { activeState, FULL_VIEW, undoDisabled } from "@tt/engine";
import type { TableLoadResponse } from "@tt/protocol";
import { type Dispatch, useCallback, useRef } from "react";
import { useCurrentUser } from "../../services/auth";
import { Background } from "./Background";
import { ContainerContents } from "./ContainerContents";
import { EditTools } from "./EditTools";
import { logLineView } from "./eventLog";
import { GameArea } from "./GameArea";
import { HoverTooltip, useHoverTooltip } from "./HoverTooltip";
import { assetUrl } from "./layout";
import { AlertPopup, ChatPanel, ChatPopupView, LogPanel, StatusBar } from "./Panels";
import { ReplayBar } from "./ReplayBar";
import { viewAt, withTurnNumber } from "./replay";
import { EndedResults } from "./results/EndedResults";
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
    ? endMessage(situation.stats)
    : state === null
      ? ""
      : gameMessage(session.module, project, situation, seat, state);
  const buttons = state === null || replaying ? [] : stateButtons(situation, state, seat, editMode);
  const midgame = session.status === "midgame";
  const log =
    replay.view?.log ??
    (ended ? (replay.timeline ? viewAt(replay.timeline, replay.timeline.length).log : []) : session.log);
  const { panels } = ui;
  const overviewCard = table.projectInfo.overviewCard;
  const press = (name: string) => session.act({ kind: "press state button", button: name });

  return (
    <Box>
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
      <Stack direction={{ xs: "column", lg: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
        <GameArea
          stage={stage}
          situation={situation}
          replaying={replaying}
          pings={session.pings}
          onMouseMove={hover.onMouseMove}
          onMouseLeave={hover.onMouseLeave}
        />
        {(panels.chat || panels.log) && (
          <Stack spacing={2} sx={{ width: { xs: "100%", lg: 320 }, flex: "none" }}>
            {panels.log && (
              <LogPanel
                turns={log}
                slug={slug}
                // The moves behind each line: the project's designers and site admins (the server's answer).
                mayShowMoves={table.controls.maintain}
                lineView={(line) => logLineView(line, situation, stage.env)}
                {...(ended && mayDebug ? { onCtrlClick: (seq: number) => void debugTable(seq + 1) } : {})}
              />
            )}
            {panels.chat && (
              <ChatPanel
                messages={session.chat}
                onSend={(message) => {
                  session.sendChat(message);
                  dispatch({ type: "chat sent", closeChat: settings.closeChatAfterSend });
                }}
                inputRef={chatInput}
              />
            )}
          </Stack>
        )}
      </Stack>
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
        <EndedResults table={table} situation={session.situation} user={user?.username ?? null} />
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

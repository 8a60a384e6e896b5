// The admin and designer controls of game-table.md section 6 at the table: reloads, bind, restart,
// debug tables and invite links. Who may use each is the server's answer in the table load
// (`table.controls`, from the same checks its routes make); the page offers what it allows.

import type { TableLoadResponse } from "@tt/protocol";
import { type Dispatch, useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { createDebugTable, inviteLink, restartTable, setBound } from "./api";
import { COPIED, systemError } from "./statusBar";
import type { TableControls } from "./TableSettingsPanel";
import type { TableUiAction } from "./tableUi";
import type { Replay } from "./useReplay";
import type { TableSession } from "./useTableSession";

export function useAdminControls(
  table: TableLoadResponse,
  session: TableSession,
  replay: Replay,
  dispatch: Dispatch<TableUiAction>,
) {
  const { showAlert } = session;
  const navigate = useNavigate();
  const slug = table.projectInfo.slug;
  const [bound, setBoundState] = useState(table.isBound);

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

  const controls: TableControls = {
    mayReload: table.controls.maintain,
    isAdmin: table.controls.debug,
    midgame: session.status === "midgame",
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
    inviteSeats: table.controls.invite ? table.possibleColors : [],
    botTable: { slug, tableId: table.tableId },
    onInviteLink: (color) =>
      void inviteLink(table.tableId, color).then((result) => {
        if (!result.ok) showAlert(systemError(result.reason));
        else {
          dispatch({ type: "invite", invite: { color, link: result.link } });
          void copy(result.link);
        }
      }),
  };

  /** Debug tables are the site admins' alone (the replay bar and the log's Ctrl-click make them too). */
  return { controls, copy, debugTable, mayDebug: table.controls.debug };
}

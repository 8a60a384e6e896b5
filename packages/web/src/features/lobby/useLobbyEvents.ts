// Live lobby events (platform-lobby-accounts.md sections 4 and 7) applied to the loaded lists.
import { useQueryClient } from "@tanstack/react-query";
import type { TableInfo } from "@tt/protocol";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useSocket, useSocketEvent } from "../../services/socket";
import { fetchTableTile, lobbyCache, lobbyKeys } from "./api";
import { type StartedNotice, startedNotice } from "./startedNotice";
import { parsePlayerEvent, seatJoined, seatLeft, type Viewer } from "./tableLists";
import { animateTitle } from "./titleAnimation";

/** Path of a table's page. */
export function tablePath(slug: string, tableId: string): string {
  return `/projects/${encodeURIComponent(slug)}/table/${encodeURIComponent(tableId)}`;
}

function showNotice(notice: StartedNotice, tableId: string): void {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  try {
    new Notification(notice.title, { body: notice.body, tag: `table-started-${tableId}` });
  } catch (err) {
    // Some mobile browsers allow notifications only from a service worker.
    console.warn("Notification failed:", err);
  }
}

/**
 * Subscribes the lobby to table-create, remove-table, player-joined, player-left and table-started.
 * Returns the ids of tables created while the page was open (flagged 'New').
 */
export function useLobbyEvents(slug: string, viewer: Viewer): ReadonlySet<string> {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(() => new Set());
  const cache = lobbyCache(client, slug);

  // The open-table count comes from the server: refresh it (debounced) after events that change it.
  const countTimer = useRef<number | undefined>(undefined);
  const refreshCount = () => {
    window.clearTimeout(countTimer.current);
    countTimer.current = window.setTimeout(() => {
      void client.invalidateQueries({ queryKey: lobbyKeys.detail(slug), exact: true });
    }, 300);
  };
  useEffect(() => () => window.clearTimeout(countTimer.current), []);

  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const refreshMine = () => client.invalidateQueries({ queryKey: lobbyKeys.list(slug, "my") });

  useSocketEvent("table-create", (table: TableInfo) => {
    if (table.projectInfo?.slug !== slug) return;
    // The count moves at once; the refresh below corrects it from the server.
    if (table.status === "open" && !cache.find(table.tableId)) cache.adjustOpenCount(1);
    cache.place(table, viewer);
    setNewIds((ids) => new Set(ids).add(table.tableId));
    refreshCount();
  });

  useSocketEvent("remove-table", (tableId: string) => {
    if (cache.find(tableId)?.status === "open") cache.adjustOpenCount(-1);
    cache.remove(tableId);
    setNewIds((ids) => {
      if (!ids.has(tableId)) return ids;
      const next = new Set(ids);
      next.delete(tableId);
      return next;
    });
    refreshCount();
  });

  useSocketEvent("player-joined", (payload: string) => {
    const event = parsePlayerEvent(payload);
    if (!event) return;
    cache.update(event.tableId, (table) => seatJoined(table, event));
    if (event.userInfo?.username === viewer.username) void refreshMine();
  });

  useSocketEvent("player-left", (payload: string) => {
    const event = parsePlayerEvent(payload);
    if (!event) return;
    cache.update(event.tableId, (table) => seatLeft(table, event));
    if (event.userInfo?.username === viewer.username) void refreshMine();
  });

  // The event names only the table, and a seated player hears it in any tab, also in another project's
  // lobby: the notification and the page to go to come from the table itself (startedNotice.ts).
  const announce = (tableId: string, table: TableInfo | undefined) => {
    const notice = startedNotice(tableId, table, viewer.username);
    showNotice(notice, tableId);
    if (!notice.mine || notice.slug === null || !alive.current) return;
    animateTitle();
    navigate(tablePath(notice.slug, tableId));
  };

  useSocketEvent("table-started", (tableId: string) => {
    const known = cache.find(tableId);
    refreshCount();
    if (known) {
      if (known.status === "open") cache.adjustOpenCount(-1);
      const started: TableInfo = { ...known, status: "midgame" };
      cache.move(started, viewer);
      announce(tableId, started);
      return;
    }
    // In no loaded list (the join panel is closed, or it is another project's table): its tile says
    // which project it is and whether the viewer sits at it.
    fetchTableTile(tableId).then(
      (table) => {
        if (table.projectInfo.slug === slug)
          void client.invalidateQueries({ queryKey: lobbyKeys.list(slug, "midgame") });
        announce(tableId, table);
      },
      () => announce(tableId, undefined),
    );
  });

  // A reconnect is a new socket outside the lobby room, and events may have been missed meanwhile:
  // subscribe again (the detail call does) and reload the lists.
  const { connected } = useSocket();
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) {
      void client.invalidateQueries({ queryKey: lobbyKeys.all(slug) });
    }
    wasConnected.current = connected;
  }, [connected, client, slug]);

  return newIds;
}

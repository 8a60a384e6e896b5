// The table's chat and pings (game-table.md sections 2 and 7): messages as they arrive (another's pops
// up over the board for a moment, with a sound), and pings shown for PING_MS where they were sent.

import type { ChatMessage, PingMessage } from "@tt/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { useCurrentUser } from "../../services/auth";
import { useSocket, useSocketEvent } from "../../services/socket";
import { play } from "./sounds";
import { chatToSend, PING_MS } from "./statusBar";

export interface Ping {
  id: number;
  sourcePlayer: string;
  x: number;
  y: number;
}

/** A chat message shown over the board for a moment, as well as in the panel. */
export interface ChatPopup {
  id: number;
  chat: ChatMessage;
}

/** Two chat lists as one, in time order, each message once (a message is who, when, what and its kind). */
export function mergeChat(first: readonly ChatMessage[], second: readonly ChatMessage[]): ChatMessage[] {
  const key = (m: ChatMessage) => `${m.timestamp}\u0000${m.username}\u0000${m.type}\u0000${m.message}`;
  const seen = new Set(first.map(key));
  const merged = [...first, ...second.filter((m) => !seen.has(key(m)))];
  // Stable: messages of the same millisecond keep the order they arrived in.
  return merged
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.timestamp - b.m.timestamp || a.i - b.i)
    .map(({ m }) => m);
}

/**
 * What this tab has heard of each table's chat, across the page's remounts. The page is built anew
 * when the game ends (and after a start or a deck reload) from the table's first load, whose chat
 * list ends where that load did: the 'gg' typed during the game must stay in the chat after the end
 * (issue 37 point 8). A few tables at most: only the ones this tab has just shown.
 */
const heard = new Map<string, ChatMessage[]>();
const HEARD_TABLES = 8;

function remember(tableId: string, chat: ChatMessage[]) {
  heard.delete(tableId);
  heard.set(tableId, chat);
  if (heard.size > HEARD_TABLES) heard.delete(heard.keys().next().value as string);
}

export function useTableChat(tableId: string, initial: ChatMessage[]) {
  const { socket } = useSocket();
  const me = useCurrentUser().data?.username ?? null;
  const [chat, setChat] = useState<ChatMessage[]>(() => mergeChat(initial, heard.get(tableId) ?? []));
  useEffect(() => remember(tableId, chat), [tableId, chat]);
  const [chatPopup, setChatPopup] = useState<ChatPopup | null>(null);
  const [pings, setPings] = useState<Ping[]>([]);
  const popupId = useRef(0);
  const pingId = useRef(0);

  useSocketEvent("table-event", (message) => {
    if (message.tableId !== tableId || message.type !== "chat-message") return;
    setChat((previous) => [...previous, message.chat]);
    if (message.chat.username !== me && message.chat.type !== "player-joined") {
      play("chat pop");
      popupId.current += 1;
      setChatPopup({ id: popupId.current, chat: message.chat });
    }
  });

  useSocketEvent("ping", (message: PingMessage) => {
    if (message.tableId !== tableId) return;
    pingId.current += 1;
    const ping = { id: pingId.current, sourcePlayer: message.sourcePlayer, ...message.data };
    setPings((previous) => [...previous, ping]);
    window.setTimeout(() => setPings((previous) => previous.filter((p) => p.id !== ping.id)), PING_MS);
  });

  const clearChatPopup = useCallback(() => setChatPopup(null), []);

  const sendChat = useCallback(
    (typed: string) => {
      const message = chatToSend(typed);
      if (message !== null) socket?.emit("chat message", { tableId, message });
    },
    [socket, tableId],
  );

  const sendPing = useCallback(
    (x: number, y: number) => {
      socket?.emit("ping", { tableId, x, y });
    },
    [socket, tableId],
  );

  return { chat, chatPopup, clearChatPopup, sendChat, pings, sendPing };
}

// The table's chat and pings (game-table.md sections 2 and 7): messages as they arrive (another's pops
// up over the board for a moment, with a sound), and pings shown for PING_MS where they were sent.

import type { ChatMessage, PingMessage } from "@tt/protocol";
import { useCallback, useRef, useState } from "react";
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

export function useTableChat(tableId: string, initial: ChatMessage[]) {
  const { socket } = useSocket();
  const me = useCurrentUser().data?.username ?? null;
  const [chat, setChat] = useState<ChatMessage[]>(initial);
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

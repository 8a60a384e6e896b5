// Status bar, alert popup, chat and log panels of the table page.

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { LogMessage, LogTurn, Button as StateButton } from "@tt/engine";
import { CHAT_MAX, type ChatMessage } from "@tt/protocol";
import { type ReactNode, type Ref, useEffect, useRef, useState } from "react";
import { type LogLineView, logRows } from "./eventLog";
import { LogLine } from "./LogLineParts";
import { ALERT_HIDE_MS, type AlertColor, CHAT_FADE_MS, type ClientStatus, chatPopupMs } from "./statusBar";
import type { ChatPopup } from "./useTableChat";
import type { ShownAlert } from "./useTableSession";

const ALERT_COLORS: Record<AlertColor, { bg: string; fg: string }> = {
  pink: { bg: "#f8bbd0", fg: "#4a0e24" },
  red: { bg: "#d32f2f", fg: "#fff" },
  blue: { bg: "#1565c0", fg: "#fff" },
  green: { bg: "#2e7d32", fg: "#fff" },
};

export function StatusBar(props: {
  status: ClientStatus;
  message: string;
  /** Why the last click did nothing, under the message (clickNotice.ts). */
  notice?: string | null;
  onSkip: () => void;
  buttons: StateButton[];
  onButton: (button: StateButton) => void;
}) {
  const { status, message, notice = null, onSkip, buttons, onButton } = props;
  return (
    <Paper
      role="status"
      aria-label="Status bar"
      data-status={status}
      // As tall with a state button as without: the board under it keeps its size as turns pass.
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        flexWrap: "wrap",
        px: 2,
        py: 1,
        mb: 1,
        minHeight: 48,
      }}
    >
      <Box sx={{ flex: 1 }}>
        <Typography sx={{ fontWeight: 500 }} color={status === "outOfSync" ? "error" : "textPrimary"}>
          {message}
        </Typography>
        {notice !== null && (
          <Typography data-click-notice="true" variant="body2" sx={{ color: "#b71c1c" }}>
            {notice}
          </Typography>
        )}
      </Box>
      {status === "waitingEvaluate" && (
        <Button size="small" onClick={onSkip}>
          Skip
        </Button>
      )}
      {buttons.map((b) => (
        <Button
          key={b.name}
          size="small"
          variant="contained"
          color={b.style === "danger" ? "error" : "primary"}
          disabled={b.disabled === true}
          onClick={() => onButton(b)}
        >
          {b.text}
        </Button>
      ))}
    </Paper>
  );
}

/** Auto-hides after 3000 ms; hovering pauses the timer. */
export function AlertPopup({ alert, onClose }: { alert: ShownAlert | null; onClose: () => void }) {
  const [hover, setHover] = useState(false);
  useEffect(() => {
    if (alert === null || hover) return;
    const timer = window.setTimeout(onClose, alert.hideMs ?? ALERT_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [alert, hover, onClose]);
  if (alert === null) return null;
  const colors = ALERT_COLORS[alert.color];
  return (
    <Alert
      role="alert"
      data-color={alert.color}
      icon={false}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onClose={onClose}
      sx={{
        position: "fixed",
        top: 180,
        left: "50%",
        transform: "translateX(-50%)",
        zIndex: 1400,
        bgcolor: colors.bg,
        color: colors.fg,
        boxShadow: 6,
        maxWidth: 600,
      }}
    >
      {alert.text}
      {alert.hint !== undefined && <Box sx={{ fontSize: 13, opacity: 0.9 }}>{alert.hint}</Box>}
      {alert.action !== undefined && (
        <Button
          size="small"
          variant="contained"
          color="inherit"
          sx={{ mt: 1, color: "#000" }}
          onClick={() => {
            onClose();
            alert.action?.run();
          }}
        >
          {alert.action.label}
        </Button>
      )}
    </Alert>
  );
}

/**
 * Someone's chat message over the board for 2000 ms + 50 ms a character, fading in and out in
 * 500 ms (section 9). Screen readers hear it from the chat log, so this copy is hidden from them.
 */
export function ChatPopupView({ popup, onDone }: { popup: ChatPopup | null; onDone: () => void }) {
  useEffect(() => {
    if (popup === null) return;
    const timer = window.setTimeout(onDone, chatPopupMs(popup.chat.message));
    return () => window.clearTimeout(timer);
  }, [popup, onDone]);
  if (popup === null) return null;
  const total = chatPopupMs(popup.chat.message);
  const fade = Math.min(0.5, CHAT_FADE_MS / total) * 100;
  return (
    <Box
      key={popup.id}
      aria-hidden="true"
      data-chat-popup="true"
      sx={{
        position: "fixed",
        left: "50%",
        bottom: 32,
        transform: "translateX(-50%)",
        zIndex: 1350,
        maxWidth: 520,
        px: 2,
        py: 1,
        borderRadius: 2,
        bgcolor: "rgba(33,33,33,0.88)",
        color: "#fff",
        boxShadow: 6,
        pointerEvents: "none",
        animation: `tt-chat-popup ${total}ms linear forwards`,
        "@keyframes tt-chat-popup": {
          "0%": { opacity: 0 },
          [`${fade}%`]: { opacity: 1 },
          [`${100 - fade}%`]: { opacity: 1 },
          "100%": { opacity: 0 },
        },
      }}
    >
      <strong>{popup.chat.username}:</strong> {popup.chat.message}
    </Box>
  );
}

/** Scrolls the box that holds `end` to its end, and nothing else. */
function scrollToEnd(end: HTMLElement | null) {
  const box = end?.parentElement;
  if (box) box.scrollTop = box.scrollHeight;
}

function time(ts: number): string {
  const d = new Date(ts);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

export function ChatPanel(props: {
  messages: ChatMessage[];
  onSend: (message: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  height?: number;
}) {
  const { messages, onSend, inputRef, height = 240 } = props;
  const [text, setText] = useState("");
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The newest line in view: the box scrolls, never the page (a panel below the fold must not pull
    // the board and one's hand off the screen).
    if (messages.length > 0) scrollToEnd(end.current);
  }, [messages]);
  return (
    <Paper
      component="section"
      aria-label="Chat"
      sx={{ p: 1, display: "flex", flexDirection: "column", gap: 1 }}
    >
      <Typography variant="subtitle2" component="h2">
        Chat
      </Typography>
      <Box role="log" aria-label="Chat messages" sx={{ height, overflowY: "auto", fontSize: 14 }}>
        {messages.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: append-only lists; the index is stable.
          <Box key={`${m.timestamp}-${i}`} sx={{ py: 0.25 }}>
            <Typography component="span" variant="caption" color="textSecondary">
              {time(m.timestamp)}{" "}
            </Typography>
            {m.type === "player-joined" ? (
              <em>{m.message}</em>
            ) : (
              <>
                <strong>{m.username}:</strong> {m.message}
              </>
            )}
          </Box>
        ))}
        <div ref={end} />
      </Box>
      <TextField
        size="small"
        label="Chat message"
        value={text}
        inputRef={inputRef}
        slotProps={{ htmlInput: { maxLength: CHAT_MAX } }}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            onSend(text);
            setText("");
          }
        }}
      />
    </Paper>
  );
}

/**
 * The game log: each turn in the game's words. Designers and site admins (`mayShowMoves`) can show
 * the move lines behind each turn ('Moves'), what the rules did step by step. On an ended table an
 * admin's Ctrl-click on a line forks a debug table at the event that wrote it (section 6).
 */
export function LogPanel({
  turns,
  onCtrlClick,
  lineView,
  slug = "",
  mayShowMoves = false,
}: {
  turns: LogTurn[];
  onCtrlClick?: (seq: number) => void;
  /** Who a line names and the component it shows (eventLog.ts logLineView), for this viewer. */
  lineView?: (line: LogMessage) => LogLineView;
  /** The project, for the components' images. */
  slug?: string;
  /** Whether this user may read the move lines behind the summaries (the table's maintain controls). */
  mayShowMoves?: boolean;
}) {
  const end = useRef<HTMLDivElement>(null);
  const [showMoves, setShowMoves] = useState(false);
  const rows = logRows(turns, mayShowMoves && showMoves);
  useEffect(() => {
    if (rows.length > 0) scrollToEnd(end.current);
  }, [rows.length]);
  return (
    <Paper component="section" aria-label="Game log" sx={{ p: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="subtitle2" component="h2">
          Log
        </Typography>
        {mayShowMoves && (
          <FormControlLabel
            sx={{ mr: 0 }}
            slotProps={{ typography: { variant: "caption" } }}
            control={
              <Switch
                size="small"
                checked={showMoves}
                onChange={(event) => setShowMoves(event.target.checked)}
              />
            }
            label="Moves"
          />
        )}
      </Box>
      <Box role="log" aria-label="Game log lines" sx={{ height: 240, overflowY: "auto", fontSize: 14 }}>
        {rows.length === 0 && <Typography variant="body2">No moves yet.</Typography>}
        {rows.map((row) => (
          <LogLine
            key={row.key}
            line={row.line}
            move={row.move}
            extra={lineView?.(row.line)}
            slug={slug}
            {...(onCtrlClick === undefined ? {} : { onCtrlClick })}
          />
        ))}
        <div ref={end} />
      </Box>
    </Paper>
  );
}

/**
 * The log and the chat beside the board; on a phone (issue 37 point 2) as two tabs under the game, one
 * shown at a time, rather than one long column. Both stay mounted, so the chat's input (Enter) and the
 * log's scroll position survive a change of tab.
 */
export function SidePanels({ log, chat, tabs }: { log: ReactNode; chat: ReactNode; tabs: boolean }) {
  // A panel switched off in the top bar comes as null or false: no tab for it.
  const hasLog = log !== null && log !== undefined && log !== false;
  const hasChat = chat !== null && chat !== undefined && chat !== false;
  const [tab, setTab] = useState<"log" | "chat">("log");
  if (!tabs)
    return (
      <>
        {log}
        {chat}
      </>
    );
  const shown = !hasLog ? "chat" : !hasChat ? "log" : tab;
  if (!hasLog && !hasChat) return null;
  const panel = (name: "log" | "chat", content: ReactNode) => (
    <Box
      role="tabpanel"
      id={`table-panel-${name}`}
      aria-labelledby={`table-tab-${name}`}
      hidden={shown !== name}
    >
      {content}
    </Box>
  );
  return (
    <Box>
      <Tabs
        value={shown}
        onChange={(_, value: "log" | "chat") => setTab(value)}
        variant="fullWidth"
        aria-label="Log and chat"
      >
        {hasLog && <Tab value="log" label="Log" id="table-tab-log" aria-controls="table-panel-log" />}
        {hasChat && <Tab value="chat" label="Chat" id="table-tab-chat" aria-controls="table-panel-chat" />}
      </Tabs>
      {hasLog && panel("log", log)}
      {hasChat && panel("chat", chat)}
    </Box>
  );
}

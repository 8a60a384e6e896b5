// The end summary's open state, shared by the summary beside the board and the results area that
// opens it again (issue 37 point 4). It opens by itself as the game ends or the ended table opens,
// once per user per table (endSummarySeen.ts). The page is drawn anew a moment after the end (the
// view remounts with the ended table's log): a summary open in this page stays open through that.
import { useCallback, useEffect, useState } from "react";
import { local } from "../../../lib/storage";
import { parseTurnNumber } from "../replay";
import { markSeen, opensByItself } from "./endSummarySeen";

/** The summaries open in this page now, by user and table: kept across the view's remounts. */
const openHere = new Set<string>();

export function useEndSummary(tableId: string, user: string | null, ended: boolean) {
  const who = user ?? "";
  const key = `${who}\u0000${tableId}`;
  // Read as the view is first drawn: the replay writes the shown turn into the address afterwards.
  const [replayLink] = useState(
    () => parseTurnNumber(new URLSearchParams(window.location.search).get("turnNumber")) !== null,
  );
  const [open, setOpen] = useState(() => openHere.has(key));
  /** Opened by the person (from the results), not by itself: it is brought into view. */
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!ended || openHere.has(key) || !opensByItself(local, who, tableId, replayLink)) return;
    markSeen(local, who, tableId);
    openHere.add(key);
    setAsked(false);
    setOpen(true);
  }, [ended, key, who, tableId, replayLink]);
  const show = useCallback(() => {
    openHere.add(key);
    setAsked(true);
    setOpen(true);
  }, [key]);
  const close = useCallback(() => {
    openHere.delete(key);
    setOpen(false);
  }, [key]);
  return { open: open && ended, asked, show, close };
}

export type EndSummaryState = ReturnType<typeof useEndSummary>;

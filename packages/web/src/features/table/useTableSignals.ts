// What the browser around the table says (issue 37 point 8): the tab's title and icon tell whose turn
// it is, and a game that starts or opens running is scrolled to its status line.

import type { Situation } from "@tt/engine";
import { useEffect, useRef } from "react";
import { useTableTitle } from "../../lib/useDocumentTitle";
import { isYourTurn } from "./yourTurn";

/** The status bar as the game view draws it (Panels.tsx StatusBar). */
const STATUS_BAR = '[role="status"][aria-label="Status bar"]';

/**
 * The window's scroll offset that puts the status bar's top right under the app's sticky top bar:
 * the game starts from the pre-start page's offset otherwise, with the status and the board's top
 * hidden above it. Never below 0.
 */
export function statusScrollTop(statusTop: number, scrollY: number, topBarHeight: number): number {
  return Math.max(0, Math.round(statusTop + scrollY - topBarHeight));
}

function scrollToStatus(): void {
  const status = document.querySelector(STATUS_BAR);
  if (status === null) return;
  // The app's top bar is sticky (app/TopBar.tsx): the status bar goes just under it.
  const topBar = document.querySelector("header")?.getBoundingClientRect().height ?? 0;
  const top = statusScrollTop(status.getBoundingClientRect().top, window.scrollY, topBar);
  window.scrollTo({ top, behavior: "instant" });
}

export function useTableSignals(props: {
  projectName: string;
  situation: Situation | null;
  seat: string;
  status: string;
  /** This tab plays its seat (not a read-only look through a colour's eyes). */
  acts: boolean;
  /** The game view is on the page (not the pre-start lobby, not 'no data'). */
  gameShown: boolean;
}): void {
  const { projectName, situation, seat, status, acts, gameShown } = props;
  useTableTitle(projectName, acts && isYourTurn(situation, seat, status));

  // Once per table view: the page remounts it when the game starts (TablePage's load count), so a
  // start and an opening both come here; a player who scrolls afterwards is left where they are.
  const scrolled = useRef(false);
  const running = gameShown && status === "midgame";
  useEffect(() => {
    if (!running || scrolled.current) return;
    scrolled.current = true;
    scrollToStatus();
  }, [running]);
}

// What the table's layout is measured against (issue 37 points 1 and 2): the window, whether it is a
// phone's, the game column's width, where the board starts on the page and how tall one's own area
// under it is. The board's scale is fitted from these (layout.ts fitBoard); nothing here decides it.

import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { BASE_WIDTH, SMALL_SCREEN_WIDTH } from "./settings";

/** A media query rather than innerWidth: a phone's page that is still too wide widens innerWidth. */
const PHONE_QUERY = `(max-width: ${SMALL_SCREEN_WIDTH - 0.05}px)`;

export interface TableLayout {
  phone: boolean;
  windowHeight: number;
  /** The game column's width, px. */
  columnWidth: number;
  /** The board's top, px from the top of the page. */
  boardTop: number;
  /** One's own area's height, px (0 when there is none). */
  ownHeight: number;
}

const phoneNow = () => typeof window.matchMedia === "function" && window.matchMedia(PHONE_QUERY).matches;

/** Watches an element's border-box height (0 while there is none); the element may change. */
function useHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  const watched = useRef<{ el: HTMLElement | null; observer: ResizeObserver | null }>({
    el: null,
    observer: null,
  });
  useEffect(() => {
    const el = ref.current;
    if (el === watched.current.el || typeof ResizeObserver === "undefined") return;
    watched.current.observer?.disconnect();
    const observer =
      el === null ? null : new ResizeObserver(() => setHeight(el.getBoundingClientRect().height));
    observer?.observe(el as HTMLElement);
    watched.current = { el, observer };
    if (el === null) setHeight(0);
  });
  useEffect(() => () => watched.current.observer?.disconnect(), []);
  return Math.round(height);
}

export function useTableLayout(refs: {
  /** The game column (the board and one's own area). */
  area: RefObject<HTMLElement | null>;
  board: RefObject<HTMLElement | null>;
  own: RefObject<HTMLElement | null>;
}): TableLayout {
  const [phone, setPhone] = useState(phoneNow);
  const [windowHeight, setWindowHeight] = useState(() => window.innerHeight);
  // Until the column is measured: the width a phone's page has, or the base width.
  const [columnWidth, setColumnWidth] = useState(() =>
    Math.min(BASE_WIDTH, document.documentElement.clientWidth - 32),
  );
  const [boardTop, setBoardTop] = useState(0);
  const ownHeight = useHeight(refs.own);

  useEffect(() => {
    const onResize = () => {
      setWindowHeight(window.innerHeight);
      setPhone(phoneNow());
    };
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  useEffect(() => {
    const el = refs.area.current;
    if (el === null || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setColumnWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [refs.area]);

  // What is above the board (the bars, a notice, the edit tools) changes with any render of the view:
  // its top is read after each one, and kept when it has not moved.
  const last = useRef(boardTop);
  useLayoutEffect(() => {
    const el = refs.board.current;
    if (el === null) return;
    const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
    if (top !== last.current) {
      last.current = top;
      setBoardTop(top);
    }
  });

  return { phone, windowHeight, columnWidth, boardTop, ownHeight };
}

// The zoom lens (game-table.md sections 2 and 9): while Alt or z is held, a 550 px lens over the
// pointer shows the game area under it magnified 2.5 times (Alt + wheel changes that): the board and
// the player areas with their hands alike, as the cards a player most wants to read are in a hand.
//
// The lens shows a copy of the game area's DOM, not a second React tree: a second tree would register
// every component twice with the move animations and double the render work. The copy is taken
// when the lens opens and again when the situation changes; pointer moves only move it.

import Box from "@mui/material/Box";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { LENS } from "./settings";

export interface Pointer {
  clientX: number;
  clientY: number;
}

/** A copy safe to show twice: no ids, no test hooks, nothing focusable, hidden from screen readers. */
function inertCopy(source: HTMLElement): HTMLElement {
  const copy = source.cloneNode(true) as HTMLElement;
  for (const el of [copy, ...Array.from(copy.querySelectorAll<HTMLElement>("*"))]) {
    for (const name of el.getAttributeNames()) {
      if (name === "id" || name.startsWith("data-") || name.startsWith("aria-") || name === "role")
        el.removeAttribute(name);
    }
    if (el.tabIndex >= 0) el.setAttribute("tabindex", "-1");
  }
  return copy;
}

export function ZoomLens(props: {
  source: RefObject<HTMLElement | null>;
  on: boolean;
  /** Where the pointer was last seen (the lens opens there before the pointer moves). */
  lastPointer: RefObject<Pointer | null>;
  scale: number;
  /** Changes whenever the game area does (the situation): the copy is taken again. */
  version: unknown;
}) {
  const { source, on, lastPointer, scale, version } = props;
  const holder = useRef<HTMLDivElement>(null);
  // The lens follows the pointer only while it is shown: the page does not re-render per mouse move.
  const [pointer, setPointer] = useState<Pointer | null>(null);
  useEffect(() => {
    if (!on) {
      setPointer(null);
      return;
    }
    setPointer(lastPointer.current);
    const onMove = (event: MouseEvent) => setPointer({ clientX: event.clientX, clientY: event.clientY });
    window.addEventListener("mousemove", onMove);
    return () => window.removeEventListener("mousemove", onMove);
  }, [on, lastPointer]);
  const shown = pointer !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: version stands for the board's content.
  useLayoutEffect(() => {
    const target = holder.current;
    const board = source.current;
    if (!shown || !target || !board) return;
    // The copy lays out at the source's own width, so hands wrap as they do on the page.
    target.style.width = `${board.offsetWidth}px`;
    target.replaceChildren(inertCopy(board));
  }, [shown, version, source]);

  if (pointer === null) return null;
  const rect = source.current?.getBoundingClientRect();
  const half = LENS.size / 2;
  const offsetX = rect ? pointer.clientX - rect.left : 0;
  const offsetY = rect ? pointer.clientY - rect.top : 0;
  return (
    <Box
      aria-hidden="true"
      data-zoom-lens="true"
      data-lens-scale={scale}
      sx={{
        position: "fixed",
        left: pointer.clientX - half,
        top: pointer.clientY - half,
        width: LENS.size,
        height: LENS.size,
        borderRadius: "50%",
        overflow: "hidden",
        border: "3px solid rgba(0,0,0,0.6)",
        boxShadow: 8,
        bgcolor: "background.paper",
        pointerEvents: "none",
        zIndex: 1500,
      }}
    >
      <Box
        ref={holder}
        sx={{
          position: "absolute",
          left: 0,
          top: 0,
          transformOrigin: "0 0",
          transform: `translate(${half - offsetX * scale}px, ${half - offsetY * scale}px) scale(${scale})`,
        }}
      />
    </Box>
  );
}

// Hover tooltips (game-table.md sections 2 and 5): the rule module's text for the component under a
// still pointer, after 1500 ms, on the board and in the player areas alike. The pointer's spot (for
// g's ping) is kept here too, in board units from the game area's corner, where the board is drawn.

import Paper from "@mui/material/Paper";
import { type RuleContext, type RuleModule, type Situation, tooltipFor } from "@tt/engine";
import { type Dispatch, type MouseEvent, useEffect, useRef } from "react";
import { TOOLTIP_DELAY_MS } from "./settings";
import { pointInArea } from "./stage";
import type { TableUiAction, Tooltip } from "./tableUi";

export interface HoverDeps {
  dispatch: Dispatch<TableUiAction>;
  /** The 'Display hover tooltips' setting. */
  enabled: boolean;
  scale: number;
  module: RuleModule;
  project: RuleContext;
  seat: string;
  situationRef: { current: Situation };
}

/** The game area's mouse handlers, and the pointer's spot on the board (null when outside). */
export function useHoverTooltip(deps: HoverDeps) {
  const { dispatch, enabled, scale, module, project, seat, situationRef } = deps;
  const mouse = useRef<{ x: number; y: number } | null>(null);
  const timer = useRef<number | null>(null);
  const clear = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
  };
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const onMouseMove = (event: MouseEvent<HTMLDivElement>) => {
    mouse.current = pointInArea(event.currentTarget, event.clientX, event.clientY, scale);
    if (!enabled) return;
    clear();
    dispatch({ type: "tooltip", tooltip: null });
    const node = (event.target as HTMLElement).closest?.("[data-component-id]");
    const id = node?.getAttribute("data-component-id");
    if (!id) return;
    // Without a text from the rules a component is named by its accessible name, but not while the
    // pointer rests on one of its positions (an empty square of a board, a slot of a row): that is
    // where it stays after every move, and 'board' popping up there tells nobody anything. A deck's
    // pile is the deck itself.
    const spot = (event.target as HTMLElement).closest("[data-position]:not([data-pile])");
    const onPosition = spot !== null && node?.contains(spot) === true;
    const { clientX, clientY } = event;
    timer.current = window.setTimeout(() => {
      const text =
        tooltipFor(module, situationRef.current, id, seat, project) ??
        (onPosition ? null : node?.getAttribute("aria-label"));
      if (text) dispatch({ type: "tooltip", tooltip: { text, x: clientX, y: clientY } });
    }, TOOLTIP_DELAY_MS);
  };

  const onMouseLeave = () => {
    mouse.current = null;
    clear();
    dispatch({ type: "tooltip", tooltip: null });
  };

  return { mouse, onMouseMove, onMouseLeave };
}

export function HoverTooltip({ tooltip }: { tooltip: Tooltip | null }) {
  if (tooltip === null) return null;
  return (
    <Paper
      role="tooltip"
      sx={{
        position: "fixed",
        left: tooltip.x + 16,
        top: tooltip.y + 16,
        zIndex: 1450,
        px: 1.5,
        py: 0.75,
        maxWidth: 320,
        pointerEvents: "none",
        whiteSpace: "pre-line",
      }}
    >
      {tooltip.text}
    </Paper>
  );
}

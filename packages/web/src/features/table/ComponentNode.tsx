// One component on the board: its view (componentView.ts, pure) bound to the DOM, its intents sent to
// the env, its placement reported for animations. Nodes are memoised by the component object: the
// engine keeps unchanged components identical by reference, so a move re-renders only the path from
// the root to what changed.

import Box from "@mui/material/Box";
import { type Component, componentInfo, PLAYERS_POSITION } from "@tt/engine";
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { TurnedFrame, useEnv } from "./boardEnv";
import { type ComponentView, componentView, type UnplacedGroup } from "./componentView";
import { ClickableAreas, ContainerBadge, HoverZoom, NodeButtons, NodeFace, VarCaption } from "./NodeParts";
import { PositionSlot } from "./PositionSlot";

/** Stacking of a container forced open, above the board's pieces. */
const EXPANDED_Z = 1000;

interface NodeProps {
  component: Component;
  /** Centre in the parent's dims frame. */
  x: number;
  y: number;
  scale: number;
}

export const ComponentNode = memo(function ComponentNode({ component, x, y, scale }: NodeProps) {
  const env = useEnv();
  const frameTurned = useContext(TurnedFrame);
  const element = useRef<HTMLDivElement>(null);
  /** Where it is on screen while the pointer rests on a component with hoverZoom. */
  const [zoomAt, setZoomAt] = useState<DOMRect | null>(null);
  const view = componentView(component, env.situationRef.current, env);
  const placement = `${component.parent}|${component.childData?.positionName}|${component.childData?.childPos}|${x}|${y}|${scale}`;
  const { motion } = env;
  const id = component.id;
  // After every render: a new placement animates from the old one.
  useLayoutEffect(() => {
    if (element.current) motion.landed(id, element.current, placement);
  });
  // Before the element leaves the page (moved under another parent): remember where it was. A layout
  // effect's cleanup runs while the element is still attached; a passive one's after it is gone.
  useLayoutEffect(() => {
    const el = element.current;
    return () => {
      if (el) motion.left(id, el);
    };
  }, [motion, id]);
  if (view.hidden) return null;
  const { info, selected } = view;
  const turn = turning(component, view, env.turned, frameTurned);
  const insideTurned = turn === "turn" ? true : turn === "upright" ? false : frameTurned;
  const face =
    turn === "turn" && typeof info.turnedImage === "string" ? { ...view, image: info.turnedImage } : view;
  const mark = env.marks.get(id);
  const click = (area?: string) =>
    env.act({ kind: "click component", componentId: id, ...(area === undefined ? {} : { area }) });
  // The keyboard reaches what the rules let this seat click. A leaf, a deck or a bank is a button; a
  // component drawn with others inside stays a group (a button's contents are hidden from screen
  // readers, and buttons may not nest) that still takes the focus and Enter.
  const onKeyDown = view.canClick
    ? (event: KeyboardEvent) => {
        if (event.target !== event.currentTarget || !(event.key === "Enter" || event.key === " ")) return;
        // Not the table's Enter (open the chat) nor Space's page scroll: this is a click.
        event.preventDefault();
        event.stopPropagation();
        click();
      }
    : undefined;
  const onContextMenu = view.inspectable
    ? (event: MouseEvent) => {
        event.preventDefault();
        event.stopPropagation();
        env.inspect(id, event);
      }
    : undefined;

  return (
    <Box
      ref={element}
      data-component-id={id}
      data-component-name={component.name}
      data-selected={selected ? "true" : undefined}
      // A group, not an image: a card's face text and a board's pieces stay readable inside it.
      role={view.asButton ? "button" : "group"}
      tabIndex={view.canClick ? 0 : undefined}
      aria-pressed={view.asButton ? selected : undefined}
      aria-label={nodeLabel(view, mark?.label)}
      data-mark={mark?.kind}
      data-turned={turn === "turn" ? "true" : undefined}
      data-frame-turned={frameTurned ? "true" : undefined}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        click();
      }}
      onKeyDown={onKeyDown}
      onContextMenu={onContextMenu}
      onMouseEnter={
        view.hoverZoom ? () => setZoomAt(element.current?.getBoundingClientRect() ?? null) : undefined
      }
      onMouseLeave={zoomAt !== null ? () => setZoomAt(null) : undefined}
      sx={{
        position: "absolute",
        left: x - info.width / 2,
        top: y - info.height / 2,
        width: info.width,
        height: info.height,
        transform: `scale(${scale})${turn === "none" ? "" : " rotate(180deg)"}${info.transform ? ` ${info.transform}` : ""}`,
        // A container forced open lies over its neighbours: its spread pieces are what is being shown.
        zIndex: view.expanded ? info.zIndex + EXPANDED_Z : info.zIndex,
        borderRadius: `${info.borderRadius}px`,
        clipPath: info.clipPath || undefined,
        filter: info.filter || undefined,
        outline: selected
          ? "4px solid #ffd600"
          : view.highlighted
            ? "3px solid #66bb6a"
            : mark?.kind === "danger"
              ? "4px solid #d50000"
              : undefined,
        boxShadow: selected ? "0 0 16px 4px rgba(255,214,0,0.8)" : undefined,
        cursor: "pointer",
        userSelect: "none",
        "&:focus-visible": { outline: "3px solid #1e88e5", outlineOffset: "2px" },
      }}
    >
      <NodeFace view={face} slug={env.slug} isCard={component.type === "card"} />
      {zoomAt !== null && view.hoverZoom && (
        <HoverZoom view={view} slug={env.slug} isCard={component.type === "card"} at={zoomAt} />
      )}
      <TurnedFrame value={insideTurned}>
        <NodeChildren component={component} view={view} />
      </TurnedFrame>
      {component.parent === null && view.unplaced.length > 0 && (
        <RootFlow
          groups={view.unplaced.filter((u) => u.positionName !== PLAYERS_POSITION)}
          width={info.width}
        />
      )}
      <ClickableAreas view={view} onClick={click} />
      {view.container !== undefined && (
        <ContainerBadge count={view.container.componentAmt} type={component.type} />
      )}
      {view.showsCaption && <VarCaption caption={view.caption} beside={view.image !== ""} />}
      <NodeButtons
        view={view}
        onPress={(button) => env.act({ kind: "press button", componentId: id, button })}
      />
    </Box>
  );
});

/**
 * How a node turns when the board is turned for the seat: the root half round ('turn'); a piece in a
 * turned frame back upright ('upright'), one without positions of its own, so a card or chessman
 * reads the right way up while boards and trays keep their squares where the turned board has them.
 */
function turning(
  component: Component,
  view: ComponentView,
  boardTurned: boolean,
  frameTurned: boolean,
): "turn" | "upright" | "none" {
  if (component.parent === null) return boardTurned ? "turn" : "none";
  return frameTurned && view.slots.length === 0 ? "upright" : "none";
}

/** What a screen reader hears: the name, and whether it is selected, a place it may go, or marked. */
function nodeLabel(view: ComponentView, mark: string | undefined): string {
  const parts = [view.name];
  if (view.selected && !view.asButton) parts.push("selected");
  if (view.highlighted) parts.push("may move here");
  if (mark !== undefined) parts.push(mark);
  return parts.join(", ");
}

/**
 * The inner frame, in the component's dims units: its positions' clickable spots, the children
 * placed at them, and (below a non-root component) those in positions it does not define, halved.
 */
function NodeChildren({ component, view }: { component: Component; view: ComponentView }) {
  const env = useEnv();
  const s = env.situationRef.current;
  const { info, slots, placed, unplaced } = view;
  const [dimsW, dimsH] = info.positions.dims;
  // Slots with a piece on them: a place it may go is then drawn as a ring around that piece.
  const occupied = new Set(
    placed.map((p) => `${p.child.childData?.positionName}/${p.child.childData?.childPos ?? ""}`),
  );
  return (
    <Box
      sx={{
        position: "absolute",
        left: 0,
        top: 0,
        width: dimsW,
        height: dimsH,
        transform: `scale(${info.width / dimsW}, ${info.height / dimsH})`,
        transformOrigin: "0 0",
      }}
    >
      {slots.map((slot) => (
        <PositionSlot
          key={`${slot.positionName}/${slot.slot ?? "*"}`}
          destinationId={component.id}
          positionName={slot.positionName}
          slot={slot.slot}
          x={slot.x}
          y={slot.y}
          size={slot.size}
          // A slot is named by the highlights; a position that piles (no slots) by its component's id
          // (engine selectionTargets).
          highlighted={slot.slot !== null ? env.highlights.has(slot.slot) : env.highlights.has(component.id)}
          occupied={slot.slot !== null && occupied.has(`${slot.positionName}/${slot.slot}`)}
          mark={slot.slot === null ? undefined : env.marks.get(slot.slot)}
          ofDeck={component.type === "deck"}
        />
      ))}
      {placed.map((p) => (
        <ComponentNode key={p.child.id} component={p.child} x={p.x} y={p.y} scale={p.scale} />
      ))}
      {unplaced.length > 0 && component.parent !== null && (
        <Box sx={{ position: "absolute", left: 0, bottom: 0, display: "flex", gap: 1 }}>
          {unplaced.flatMap((u) =>
            u.children.map((child) => {
              const ci = componentInfo(env.pieces, child, s);
              return (
                <Box
                  key={child.id}
                  sx={{ position: "relative", width: ci.width * 0.5, height: ci.height * 0.5 }}
                >
                  <ComponentNode component={child} x={ci.width * 0.25} y={ci.height * 0.25} scale={0.5} />
                </Box>
              );
            }),
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * Children of the root in positions the root's info does not define (a root without position sets):
 * stacked top to bottom, centred. Player areas are drawn beside the board by the page.
 */
function RootFlow({ groups, width }: { groups: UnplacedGroup[]; width: number }) {
  const env = useEnv();
  const s = env.situationRef.current;
  let top = 20;
  const items = groups.flatMap((g) =>
    g.children.map((child) => {
      const ci = componentInfo(env.pieces, child, s);
      const y = top + ci.height / 2;
      top += ci.height + 20;
      return <ComponentNode key={child.id} component={child} x={width / 2} y={y} scale={1} />;
    }),
  );
  return <Box sx={{ position: "absolute", left: 0, top: 0, width, height: 0 }}>{items}</Box>;
}

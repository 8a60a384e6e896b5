// The situation board: absolutely positioned divs in a scaled stage. Component nodes are memoised by
// the component object: the engine keeps unchanged components identical by reference, so a move
// re-renders only the path from the root to what changed.

import Box from "@mui/material/Box";
import {
  type Action,
  type CardRow,
  type Component,
  cardNameOf,
  componentInfo,
  type Deck,
  type PieceLibrary,
  PLAYERS_POSITION,
  type Situation,
  visibilityFor,
} from "@tt/engine";
import {
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  useContext,
  useLayoutEffect,
  useRef,
} from "react";
import { CardFace, CardMessage } from "../cards/CardFace";
import { tableCardFace } from "../cards/tableCard";
import { assetUrl, placeChildren, positionLabel, positionSlots } from "./layout";
import type { Motion } from "./motion";

export interface BoardEnv {
  slug: string;
  pieces: PieceLibrary;
  /**
   * Latest situation, read at render. The env's identity changes only with what every node may draw
   * differently (seat, edit mode, selection, highlights, game state, containers): a plain move
   * re-renders just the components it replaced.
   */
  situationRef: { current: Situation };
  seat: string;
  editMode: boolean;
  selected: string | null;
  highlights: ReadonlySet<string>;
  /** Every face shown (a privileged watcher's full view of a running table). */
  reveal?: boolean;
  /** The components the rules let this seat click now: the board's tab stops (Enter clicks). */
  clickable: ReadonlySet<string>;
  act: (action: Action) => void;
  /** Move animations: each node reports where it lands (see motion.ts). */
  motion: Motion;
  /** Right-click on a deck or bank (game-table.md section 2). */
  inspect: (componentId: string, event: MouseEvent) => void;
  /** Card templates by deck name: cards of a deck with a .psd template are drawn by the card renderer. */
  decks: Record<string, Deck>;
}

const EnvContext = createContext<BoardEnv | null>(null);

function useEnv(): BoardEnv {
  const env = useContext(EnvContext);
  if (env === null) throw new Error("Board environment missing");
  return env;
}

export function BoardEnvProvider({ env, children }: { env: BoardEnv; children: ReactNode }) {
  return <EnvContext value={env}>{children}</EnvContext>;
}

interface NodeProps {
  component: Component;
  /** Centre in the parent's dims frame. */
  x: number;
  y: number;
  scale: number;
}

export const ComponentNode = memo(function ComponentNode({ component, x, y, scale }: NodeProps) {
  const env = useEnv();
  const element = useRef<HTMLDivElement>(null);
  const s = env.situationRef.current;
  const info = componentInfo(env.pieces, component, s);
  // A placeholder is what the server sent instead of a piece this viewer may not see: drawn as its
  // back or not at all, whatever edit mode says. The full view (a privileged watcher) shows all faces.
  const visibility =
    component.placeholder ??
    (env.reveal === true ? "face" : visibilityFor(s, env.pieces, component.id, env.seat, env.editMode));
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
  if (info.hidden === true || visibility === "hidden") return null;
  const width = info.width;
  const height = info.height;
  const [dimsW, dimsH] = info.positions.dims;
  const image =
    visibility === "back" ? info.cardBack || (component.type === "card" ? "" : info.image) : info.image;
  // The page draws the player areas beside the board (PlayerAreas), hands and all. Drawn where the
  // root's 'players' position puts them as well, every area would be on the page twice under one id:
  // two tab stops per card, and each redraw would fly a hand from one copy to the other.
  const drawnHere = (positionName: string) => component.parent !== null || positionName !== PLAYERS_POSITION;
  const children = placeChildren(component, info);
  const placed = children.placed.filter((p) => drawnHere(p.positionName));
  const unplaced = children.unplaced;
  const face = component.type === "card" ? tableCardFace(env.decks, component.options) : null;
  const template = face?.kind === "template" ? face : null;
  // A face-down templated card shows its reverse side when the deck has reverse rules, else the back.
  const drawn =
    template === null || (visibility === "back" && template.deck.rulesRev.length === 0) ? null : template;
  // A card of a deck the table lacks says so, unless it lies face down under a back of its own.
  const message = face?.kind === "message" && !(visibility === "back" && image !== "") ? face.message : null;
  // A deck's piles can be clicked even when empty (a card played onto an empty discard pile); a bank
  // is one target.
  const slots = component.type === "bank" ? [] : positionSlots(info).filter((p) => drawnHere(p.positionName));
  // A bank shows its count, not its tokens; a deck only its piles, never a row of every card.
  if (component.type === "bank") placed.length = 0;
  if (component.type === "bank" || component.type === "deck") unplaced.length = 0;
  const container = s.containers[component.id];
  const isSelected = env.selected === component.id;
  const highlighted = env.highlights.has(component.id);
  const label = component.options.label;
  const value = component.variables?.value;
  const shown = value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  const caption = [label ?? "", shown].filter((part) => part !== "").join(" ");

  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    env.act({ kind: "click component", componentId: component.id });
  };
  // The keyboard reaches what the rules let this seat click. A leaf, a deck or a bank is a button; a
  // component drawn with others inside stays a group (a button's contents are hidden from screen
  // readers, and buttons may not nest) that still takes the focus and Enter.
  const canClick = env.clickable.has(component.id);
  const holdsOthers = placed.length > 0 || unplaced.length > 0 || Object.keys(info.clickableAreas).length > 0;
  const asButton = canClick && !holdsOthers;
  const onKeyDown = canClick
    ? (event: KeyboardEvent) => {
        if (event.target !== event.currentTarget || !(event.key === "Enter" || event.key === " ")) return;
        // Not the table's Enter (open the chat) nor Space's page scroll: this is a click.
        event.preventDefault();
        event.stopPropagation();
        env.act({ kind: "click component", componentId: component.id });
      }
    : undefined;
  const onContextMenu =
    component.type === "deck" || component.type === "bank"
      ? (event: MouseEvent) => {
          event.preventDefault();
          event.stopPropagation();
          env.inspect(component.id, event);
        }
      : undefined;

  return (
    <Box
      ref={element}
      data-component-id={component.id}
      data-component-name={component.name}
      data-selected={isSelected ? "true" : undefined}
      // A group, not an image: a card's face text and a board's pieces stay readable inside it.
      role={asButton ? "button" : "group"}
      tabIndex={canClick ? 0 : undefined}
      aria-pressed={asButton ? isSelected : undefined}
      aria-label={`${accessibleName(component, visibility, s.deckData)}${isSelected && !asButton ? ", selected" : ""}`}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onContextMenu={onContextMenu}
      sx={{
        position: "absolute",
        left: x - width / 2,
        top: y - height / 2,
        width,
        height,
        transform: `scale(${scale})${info.transform ? ` ${info.transform}` : ""}`,
        zIndex: info.zIndex,
        borderRadius: `${info.borderRadius}px`,
        clipPath: info.clipPath || undefined,
        filter: info.filter || undefined,
        outline: isSelected ? "4px solid #ffd600" : highlighted ? "3px solid #66bb6a" : undefined,
        boxShadow: isSelected ? "0 0 16px 4px rgba(255,214,0,0.8)" : undefined,
        cursor: "pointer",
        userSelect: "none",
        "&:focus-visible": { outline: "3px solid #1e88e5", outlineOffset: "2px" },
      }}
    >
      {drawn?.deck.cardInfo ? (
        <Box
          sx={{
            position: "absolute",
            inset: 0,
            overflow: "hidden",
            borderRadius: "inherit",
            pointerEvents: "none",
          }}
        >
          <CardFace
            deck={drawn.deck}
            row={drawn.row}
            rev={visibility === "back"}
            scale={Math.min(width / drawn.deck.cardInfo.w, height / drawn.deck.cardInfo.h)}
          />
        </Box>
      ) : message !== null ? (
        <CardMessage text={message} />
      ) : image !== "" ? (
        <Box
          component="img"
          src={assetUrl(env.slug, image)}
          alt=""
          draggable={false}
          sx={{
            width: "100%",
            height: "100%",
            display: "block",
            borderRadius: "inherit",
            pointerEvents: "none",
          }}
        />
      ) : (
        component.type === "card" && (
          <Box sx={{ width: "100%", height: "100%", borderRadius: "inherit", bgcolor: "#37474f" }} />
        )
      )}
      <Box
        sx={{
          position: "absolute",
          left: 0,
          top: 0,
          width: dimsW,
          height: dimsH,
          transform: `scale(${width / dimsW}, ${height / dimsH})`,
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
            highlighted={slot.slot !== null && env.highlights.has(slot.slot)}
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
      {component.parent === null && unplaced.length > 0 && (
        <RootFlow groups={unplaced.filter((u) => u.positionName !== PLAYERS_POSITION)} width={width} />
      )}
      {Object.entries(info.clickableAreas).map(([area, a]) => (
        <Box
          key={area}
          component="button"
          type="button"
          data-area={area}
          aria-label={`${area} of ${accessibleName(component, visibility, s.deckData)}`}
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            env.act({ kind: "click component", componentId: component.id, area });
          }}
          sx={{
            position: "absolute",
            left: a.left,
            top: a.top,
            width: a.width,
            height: a.height,
            zIndex: 900,
            p: 0,
            border: "none",
            background: "transparent",
            cursor: "pointer",
            "&:hover, &:focus-visible": { outline: "2px dashed rgba(255,214,0,0.9)" },
          }}
        />
      ))}
      {container !== undefined && (
        <Box
          role="img"
          aria-label={`${container.componentAmt} in ${component.type}`}
          sx={{
            position: "absolute",
            right: -8,
            top: -8,
            zIndex: 1000,
            minWidth: 28,
            px: 0.5,
            borderRadius: 14,
            bgcolor: "rgba(0,0,0,0.75)",
            color: "#fff",
            fontSize: 16,
            textAlign: "center",
            pointerEvents: "none",
          }}
        >
          {container.componentAmt}
        </Box>
      )}
      {(label !== undefined || value !== undefined) &&
        component.type === "var-display" &&
        (image !== "" ? (
          // The image draws the value (a price plaque, a dial): the label is a caption beside it.
          <Box
            sx={{
              position: "absolute",
              left: "100%",
              top: "50%",
              transform: "translateY(-50%)",
              ml: 0.75,
              whiteSpace: "nowrap",
              fontSize: 15,
              fontWeight: 600,
              color: "#f5e6c4",
              textShadow: "0 1px 2px #000",
              pointerEvents: "none",
            }}
          >
            {caption}
          </Box>
        ) : (
          <Box
            sx={{
              position: "absolute",
              inset: 0,
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              fontSize: 20,
              fontWeight: 600,
              pointerEvents: "none",
            }}
          >
            {caption}
          </Box>
        ))}
      {info.buttons.length > 0 && (
        <Box sx={{ position: "absolute", left: 0, top: "100%", display: "flex", gap: 0.5, zIndex: 1000 }}>
          {info.buttons.map((b) => (
            <button
              key={b.name}
              type="button"
              disabled={b.disabled === true}
              onClick={(event) => {
                event.stopPropagation();
                env.act({ kind: "press button", componentId: component.id, button: b.name });
              }}
            >
              {b.text}
            </button>
          ))}
        </Box>
      )}
    </Box>
  );
});

/** What a screen reader says for a component: a card's face when it shows, else only that it is face down. */
function accessibleName(component: Component, visibility: string, decks: Situation["deckData"]): string {
  const label = component.options.label;
  if (component.type !== "card") return typeof label === "string" && label !== "" ? label : component.name;
  if (visibility === "back") return "face-down card";
  const { deckName, cardId } = component.options;
  // Its sheet's name column where there is one (cardNameOf), else its ID.
  const row =
    deckName === undefined || cardId === undefined
      ? undefined
      : decks[deckName]?.cards.find((c) => c.cardId === cardId);
  const face = typeof label === "string" && label !== "" ? label : row ? cardNameOf(row as CardRow) : cardId;
  return face === undefined || face === null || face === "" ? "card" : `${String(face)} card`;
}

/**
 * Children of the root in positions the root's info does not define (a root without position sets):
 * stacked top to bottom, centred. Player areas are drawn beside the board by the page.
 */
function RootFlow({
  groups,
  width,
}: {
  groups: { positionName: string; children: Component[] }[];
  width: number;
}) {
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

const PositionSlot = memo(function PositionSlot(props: {
  destinationId: string;
  positionName: string;
  slot: string | null;
  x: number;
  y: number;
  size: number;
  highlighted: boolean;
  /** A deck's pile: with nothing held, a click is a click on the deck itself. */
  ofDeck?: boolean;
}) {
  const env = useEnv();
  const { destinationId, positionName, slot, x, y, size, highlighted, ofDeck = false } = props;
  const click = () => {
    if (ofDeck && env.selected === null) {
      env.act({ kind: "click component", componentId: destinationId });
      return;
    }
    env.act({
      kind: "click position",
      destinationId,
      positionName,
      ...(slot === null ? {} : { positionIndex: slot }),
    });
  };
  // The keyboard reaches a position the rules highlight; while something is held and the rules
  // highlight nothing, every position (where to put it is then the player's question).
  const reachable =
    env.clickable.size > 0 && (highlighted || (env.selected !== null && env.highlights.size === 0));
  return (
    <Box
      data-position={positionName}
      data-slot={slot ?? undefined}
      data-highlighted={highlighted ? "true" : undefined}
      data-pile={ofDeck ? "true" : undefined}
      role={reachable ? "button" : undefined}
      tabIndex={reachable ? 0 : undefined}
      aria-label={reachable ? positionLabel(positionName, slot) : undefined}
      onClick={(event) => {
        event.stopPropagation();
        click();
      }}
      onKeyDown={(event) => {
        if (!reachable || !(event.key === "Enter" || event.key === " ")) return;
        event.preventDefault();
        event.stopPropagation();
        click();
      }}
      sx={{
        position: "absolute",
        left: x - size / 2,
        top: y - size / 2,
        width: size,
        height: size,
        zIndex: 1,
        cursor: "pointer",
        "&:focus-visible": { outline: "3px solid #1e88e5", outlineOffset: "-3px" },
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
      }}
    >
      {highlighted && (
        <Box
          sx={{
            width: size * 0.3,
            height: size * 0.3,
            borderRadius: "50%",
            bgcolor: "rgba(76,175,80,0.6)",
            pointerEvents: "none",
          }}
        />
      )}
    </Box>
  );
});

/** The root component at stage size; player areas are drawn by the page. */
export function RootStage({
  env,
  root,
  width,
  height,
}: {
  env: BoardEnv;
  root: Component;
  width: number;
  height: number;
}) {
  return (
    <BoardEnvProvider env={env}>
      <ComponentNode component={root} x={width / 2} y={height / 2} scale={1} />
    </BoardEnvProvider>
  );
}

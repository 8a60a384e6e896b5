// One's hand, drawn apart from one's area (issue 37 points 1 and 2): its cards side by side while they
// fit, then fanned with each covered card's corner and name showing (layout.ts handSpread); the card
// under the pointer or the focus rises over its neighbours. On a phone the strip scrolls sideways
// instead. The cards are the board's own nodes: clicks, selection and animations work as anywhere.

import Box from "@mui/material/Box";
import { type Component, componentInfo } from "@tt/engine";
import { useEnv } from "./boardEnv";
import { ComponentNode } from "./ComponentNode";
import { HAND_GAP, HAND_RAISE, handSpread } from "./layout";

export function HandStrip(props: {
  /** The area the hand is a position of. */
  area: Component;
  positionName: string;
  /** Px height every card of the hand is drawn at. */
  cardHeight: number;
  /** Px the strip may take across. */
  room: number;
  /** Side by side always, the strip scrolling sideways (a phone). */
  scroll: boolean;
}) {
  const { area, positionName, cardHeight, room, scroll } = props;
  const env = useEnv();
  const s = env.situationRef.current;
  const held = area.children[positionName];
  const cards = held === undefined ? [] : Array.isArray(held) ? held : Object.values(held);
  const sized = cards.map((card) => {
    const info = componentInfo(env.pieces, card, s);
    const scale = cardHeight / Math.max(1, info.height);
    return { card, scale, width: info.width * scale };
  });
  const cardWidth = Math.max(0, ...sized.map((c) => c.width));
  const spread = scroll
    ? { step: cardWidth + HAND_GAP, width: sized.length * (cardWidth + HAND_GAP) }
    : handSpread(sized.length, cardWidth, room);
  const click = () => env.act({ kind: "click position", destinationId: area.id, positionName });
  return (
    <Box
      data-hand={positionName}
      // A click beside the cards is a click on the hand's position, as on its spot in the area.
      onClick={click}
      sx={{
        position: "relative",
        flex: scroll ? "none" : 1,
        minWidth: 0,
        width: scroll ? "100%" : undefined,
        height: cardHeight + HAND_RAISE,
        overflowX: scroll || spread.width > room ? "auto" : "visible",
        overflowY: "hidden",
        overscrollBehaviorX: "contain",
      }}
    >
      <Box sx={{ position: "relative", width: spread.width, height: "100%" }}>
        {sized.map(({ card, scale, width }, i) => (
          <Box
            key={card.id}
            sx={{
              position: "absolute",
              left: i * spread.step,
              top: HAND_RAISE,
              width,
              height: cardHeight,
              zIndex: i,
              transition: "transform 120ms ease-out",
              "&:hover, &:focus-within": {
                transform: `translateY(-${HAND_RAISE}px)`,
                zIndex: cards.length + 1,
              },
            }}
          >
            <ComponentNode component={card} x={width / 2} y={cardHeight / 2} scale={scale} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

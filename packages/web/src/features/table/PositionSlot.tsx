// A clickable spot of a component's position (a square of a board, a pile of a deck): a click puts
// what is held there. The rules' highlights say which spots the keyboard reaches.

import Box from "@mui/material/Box";
import { memo } from "react";
import { useEnv } from "./boardEnv";
import { positionLabel } from "./layout";

export const PositionSlot = memo(function PositionSlot(props: {
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

// A clickable spot of a component's position (a square of a board, a pile of a deck): a click puts
// what is held there. The rules' highlights say which spots the keyboard reaches and where the held
// piece may go (drawn, and said to screen readers); the game's marks tint the spot.

import Box from "@mui/material/Box";
import type { BoardMark } from "@tt/engine";
import { memo } from "react";
import { useEnv } from "./boardEnv";
import { positionLabel } from "./layout";

/** The tint of a marked place, under whatever stands on it. */
const MARK_BACKGROUND: Record<BoardMark["kind"], string> = {
  recent: "rgba(255,214,0,0.45)",
  danger: "radial-gradient(circle, rgba(229,57,53,0.95) 0%, rgba(229,57,53,0.6) 45%, rgba(229,57,53,0) 75%)",
};

export const PositionSlot = memo(function PositionSlot(props: {
  destinationId: string;
  positionName: string;
  slot: string | null;
  x: number;
  y: number;
  size: number;
  /** A place the held component may go (the rules' answer): a dot, or a ring around a piece on it. */
  highlighted: boolean;
  /** A piece stands on the slot. */
  occupied?: boolean;
  /** What the game marks here: the last move's squares, a king in check. */
  mark?: BoardMark | undefined;
  /** A deck's pile: with nothing held, a click is a click on the deck itself. */
  ofDeck?: boolean;
}) {
  const env = useEnv();
  const { destinationId, positionName, slot, x, y, size, highlighted, mark, ofDeck = false } = props;
  const occupied = props.occupied === true;
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
  // highlight nothing, every position (where to put it is then the player's question). A position
  // that piles (a table, a hand: no slots) stays reachable while something is held: a highlight names
  // its component, not the position, and a refused click says why.
  const reachable =
    env.clickable.size > 0 &&
    (highlighted || (env.selected !== null && (env.highlights.size === 0 || slot === null)));
  // Screen readers hear what the eye sees: 'e4, may move here', 'e2, last move from here'.
  const said = [
    positionLabel(positionName, slot),
    ...(highlighted ? ["may move here"] : []),
    ...(mark === undefined ? [] : [mark.label]),
  ].join(", ");
  return (
    <Box
      data-position={positionName}
      data-slot={slot ?? undefined}
      data-highlighted={highlighted ? "true" : undefined}
      data-mark={mark?.kind}
      data-pile={ofDeck ? "true" : undefined}
      // A marked square that takes no click is still named: the mark is part of the board.
      role={reachable ? "button" : mark !== undefined ? "img" : undefined}
      tabIndex={reachable ? 0 : undefined}
      aria-label={reachable || mark !== undefined ? said : undefined}
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
        background: mark === undefined ? undefined : MARK_BACKGROUND[mark.kind],
      }}
    >
      {highlighted && (
        <Box
          data-target-marker={occupied ? "ring" : "dot"}
          sx={
            // On an empty place a dot; around a piece that stands there (a capture) a ring, which the
            // piece would hide a dot under.
            occupied
              ? {
                  width: size * 0.94,
                  height: size * 0.94,
                  borderRadius: "50%",
                  border: `${Math.max(3, size * 0.07)}px solid rgba(46,125,50,0.75)`,
                  boxSizing: "border-box",
                  pointerEvents: "none",
                }
              : {
                  width: size * 0.3,
                  height: size * 0.3,
                  borderRadius: "50%",
                  bgcolor: "rgba(46,125,50,0.7)",
                  pointerEvents: "none",
                }
          }
        />
      )}
    </Box>
  );
});

import type { ComponentTree } from "../../content";
import { CELL, PLAYER_HEX } from "./images";
import { cellNames, GRID, SUPPLY } from "./rules";

// The component tree (admin-decks-editor.md section 3): what the component editor edits. Each named
// piece gives the looks and behaviour of the components that carry its name; properties left out
// take the piece defaults (width 100, selectable false, ...).

export const SIZES = [5, 7] as const;

/** Cell coordinates on a board of this size: a name-keyed map, so each cell is a slot. */
function gridPositions(size: number) {
  const coords: { [cell: string]: { x: number; y: number } } = {};
  cellNames(size).forEach((cell, i) => {
    coords[cell] = { x: 20 + CELL / 2 + (i % size) * CELL, y: 20 + CELL / 2 + Math.floor(i / size) * CELL };
  });
  const side = size * CELL + 40;
  return {
    dims: [side, side],
    [GRID]: { coords, accepts: Object.keys(PLAYER_HEX).map((c) => `stone-${c}`) },
    // Player trays sit below the board, keyed by colour.
    players: {
      coords: Object.fromEntries(
        Object.keys(PLAYER_HEX).map((c, i) => [
          c,
          { x: 220 + (i % 2) * 440, y: side + 90 + Math.floor(i / 2) * 160 },
        ]),
      ),
    },
  };
}

export const components: ComponentTree = {
  version: 1,
  baseScale: 1,
  dims: [900, 1200],
  root: { width: 900, height: 1200 },
  // A conditional value: the board's 'size' option (set by the layout) picks image and positions.
  board: {
    image: {
      defaultResult: "board-5.svg",
      conditionalResults: [{ condition: { size: 7 }, result: "board-7.svg" }],
    },
    width: { defaultResult: 540, conditionalResults: [{ condition: { size: 7 }, result: 740 }] },
    height: { defaultResult: 540, conditionalResults: [{ condition: { size: 7 }, result: 740 }] },
    borderRadius: 24,
    positions: {
      defaultResult: gridPositions(5),
      conditionalResults: [{ condition: { size: 7 }, result: gridPositions(7) }],
    },
  },
  // Each player's area: a tray with their stones.
  tray: {
    image: "tray.svg",
    width: 420,
    height: 140,
    positions: { dims: [420, 140], [SUPPLY]: { coords: [{ x: 210, y: 70 }], multi: true, gapSize: 40 } },
  },
  // One stone piece per colour: the rules read the colour from the name.
  ...Object.fromEntries(
    Object.keys(PLAYER_HEX).map((c) => [
      `stone-${c}`,
      { image: `stone-${c}.svg`, width: 70, height: 70, selectable: true, borderRadius: 50 },
    ]),
  ),
};

import type { ConditionalValue, PieceDefinition } from "@tt/engine";
import type { ComponentTree } from "../../content";
import { COLORS, pieceImage, ROLES } from "./images/pieces";
import { ALL_SQUARES, SQUARES, squareCoord, trayOf } from "./layout";
import type { PromotionRole, Role } from "./rules";

/**
 * The component tree (admin-decks-editor.md section 3): the root holds the board; the board has one
 * position set of 64 named squares and two trays; each piece type chooses its white or black image
 * with a conditional value on the component's 'colour' option.
 */

const PROMOTIONS: readonly PromotionRole[] = ["queen", "rook", "bishop", "knight"];

function imageOf(role: Role): ConditionalValue<string> {
  // A promoted pawn keeps its component (nothing is created or lost) and shows its new role: the
  // 'promoted' option is checked before the colour, so those results come first.
  const promoted =
    role === "pawn"
      ? COLORS.flatMap((color) =>
          PROMOTIONS.map((p) => ({
            condition: { colour: color, promoted: p },
            result: pieceImage(color, p),
          })),
        )
      : [];
  return {
    defaultResult: pieceImage("white", role),
    conditionalResults: [...promoted, { condition: { colour: "black" }, result: pieceImage("black", role) }],
  };
}

function pieceDefinition(role: Role): PieceDefinition {
  return {
    image: imageOf(role) as unknown as PieceDefinition[string],
    width: 90,
    height: 90,
    selectable: true,
    borderRadius: 0,
    zIndex: 120,
  };
}

const tray = (y: number) => ({
  coords: [{ x: 910, y }],
  multi: true,
  gapSize: 45,
  maxSpread: 300,
  // Downwards: pi / 2 radians.
  multiDirection: Math.PI / 2,
  scaleMult: 0.5,
  accepts: [...ROLES],
});

export const components: ComponentTree = {
  version: 1,
  baseScale: 1,
  dims: [1000, 800],
  root: {
    image: "background.svg",
    width: 1000,
    height: 800,
    positions: { dims: [1000, 800], table: { coords: [{ x: 500, y: 400 }], accepts: ["board"] } },
  },
  board: {
    image: "board.svg",
    // Drawn in place of the image when the board is turned for Black: its coordinates read upright.
    turnedImage: "board-turned.svg",
    width: 1000,
    height: 800,
    borderRadius: 8,
    positions: {
      dims: [1000, 800],
      [SQUARES]: {
        coords: Object.fromEntries(ALL_SQUARES.map((sq) => [sq, squareCoord(sq)])),
        accepts: [...ROLES],
      },
      // Black pieces White took sit near White (bottom), and the other way round.
      [trayOf("white")]: tray(60),
      [trayOf("black")]: tray(440),
    },
  },
  ...Object.fromEntries(ROLES.map((role) => [role, pieceDefinition(role)])),
};

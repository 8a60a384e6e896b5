import type { ComponentSpec, JsonObject, SetupPlayer } from "@tt/engine";
import type { ShippedGame, StartLayout } from "../../content";
import { components, SIZES } from "./components";
import { backgroundImage, boardImage, boxImage, overviewCard, PLAYER_HEX, stone, trayImage } from "./images";
import { module } from "./module";
import { BOARD_ID, SUPPLY } from "./rules";

/**
 * Template: Board Game. Copy this folder to start a new game: rename the slug and export, redraw
 * images.ts, change the pieces in components.ts, and the rules in rules.ts and module.ts. The test
 * file shows how to play scripted games through the engine exactly as the server will.
 */

const images: { [file: string]: string } = {
  "box.svg": boxImage,
  "background.svg": backgroundImage,
  "tray.svg": trayImage,
  "overview.svg": overviewCard,
};
for (const size of SIZES) images[`board-${size}.svg`] = boardImage(size);
for (const [color, hex] of Object.entries(PLAYER_HEX)) images[`stone-${color}.svg`] = stone(hex);

/** Stones per player: as many as fit the board fairly, at most 8 (3 in the hidden quick test). */
export function stonesEach(options: JsonObject, players: number): number {
  if (options.quickTest === true) return 3;
  const size = Number(options.size ?? 5);
  return Math.min(8, Math.floor((size * size) / Math.max(1, players)));
}

/**
 * The start layout for these options and players. Player areas are copied once per player by the
 * set-up; pieces that belong to one player (their stones) are placed here by colour.
 */
function layout(options: JsonObject, players: SetupPlayer[]): StartLayout {
  const each = stonesEach(options, players.length);
  const stones: ComponentSpec[] = players.flatMap((p) =>
    Array.from({ length: each }, (_, i) => ({
      id: `stone-${p.color}-${i + 1}`,
      name: `stone-${p.color}`,
      type: "token" as const,
    })),
  );
  return {
    root: {
      id: "table",
      name: "root",
      type: "board",
      children: {
        main: [
          {
            id: BOARD_ID,
            name: "board",
            type: "board",
            options: { size: Number(options.size ?? 5) },
            children: { grid: {} },
          },
        ],
        // The layout cannot address one player's area (it is copied per player), so stones start in
        // a reserve and the set-up moves each into its owner's tray (see setup in module.ts).
        reserve: stones,
      },
    },
    playerArea: { name: "tray", type: "board", children: { [SUPPLY]: [] } },
    counters: [{ name: "score", value: 0, options: { buttonsEnabled: options.manualScore === true } }],
  };
}

export const templateBoard: ShippedGame = {
  content: {
    slug: "template-board",
    projectName: "Template: Board Game",
    designer: "Tabletop Lab",
    visibility: "public",
    description:
      "<p>A small, complete board game to copy when you start your own: a grid board, stones per " +
      "player, a score counter, two game states with a button, a win condition and a game end.</p>" +
      "<p><strong>How to play:</strong> on your turn click one of your stones, then an empty cell. " +
      "Press <em>Score</em>: 1 point, plus 1 for each of your stones next to it. The first player to " +
      "reach the target wins; otherwise the game ends when a player has no stone left to place.</p>",
    images,
    options: {
      size: {
        displayName: "Board size",
        displayOrder: 1,
        type: "select",
        default: "5",
        values: {
          "5": { displayName: "5 x 5", displayOrder: 1 },
          "7": { displayName: "7 x 7", displayOrder: 2 },
        },
      },
      ending: {
        displayName: "Game end",
        displayOrder: 2,
        type: "select",
        default: "target",
        values: {
          target: { displayName: "First to the target score", displayOrder: 1 },
          fill: { displayName: "When the stones run out", displayOrder: 2 },
        },
      },
      // A conditional option: only offered while 'Game end' is 'First to the target score'.
      target: {
        displayName: "Target score",
        displayOrder: 3,
        type: "select",
        default: "10",
        condition: { ending: { eq: "target" } },
        values: {
          "6": { displayName: "6", displayOrder: 1 },
          "10": { displayName: "10", displayOrder: 2 },
          "15": { displayName: "15", displayOrder: 3 },
        },
      },
      manualScore: {
        displayName: "Score buttons (+/-)",
        displayOrder: 4,
        type: "checkbox",
        defaultBool: false,
      },
      // A hidden option: offered to admins, staff and the project's designers only.
      quickTest: {
        displayName: "Quick test: 3 stones each",
        displayOrder: 5,
        type: "checkbox",
        hidden: true,
      },
    },
    changeLog: [
      { version: "0.1", date: "2026-10-05", notes: "<p>A 5 x 5 board and stones.</p>" },
      { version: "0.2", date: "2026-10-28", notes: "<p>Place and Score states; a target score.</p>" },
      { version: "__0.2.1", date: "2026-11-10", notes: "<p>Admins: hidden quick-test option.</p>" },
      { version: "1.0", date: "2026-11-21", notes: "<p>7 x 7 board, 'until the stones run out' ending.</p>" },
    ],
    components,
    decks: {},
    overviewCard: "overview.svg",
    overviewStats: [
      { name: "score", displayName: "Score" },
      { name: "placed", displayName: "Stones placed" },
    ],
    players: { min: 2, max: 4 },
  },
  module,
  layout,
};

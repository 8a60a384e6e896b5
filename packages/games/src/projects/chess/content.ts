import type { OverviewStat } from "@tt/engine";
import type { GameOption, ProjectContent } from "../../content";
import { components } from "./components";
import { pieceImages } from "./images/pieces";
import { backgroundSvg, boardSvg, boardTurnedSvg, boxSvg, overviewSvg } from "./images/table";
import { POSITIONS } from "./layout";

/** The chess project as the lobby and the table show it (platform-lobby-accounts.md section 3). */

const fenValues: GameOption["values"] = Object.fromEntries(
  Object.entries(POSITIONS).map(([key, p], i) => [
    key,
    {
      displayName: p.displayName,
      displayOrder: i + 1,
      ...(p.hidden ? { hidden: true } : {}),
      ...(p.hiddenDisplay ? { hiddenDisplay: p.hiddenDisplay } : {}),
    },
  ]),
);

export const options: { [key: string]: GameOption } = {
  startPosition: {
    displayName: "Start position",
    displayOrder: 1,
    type: "select",
    default: "standard",
    values: {
      standard: { displayName: "Standard", displayOrder: 1 },
      fen: { displayName: "From a position (FEN)", displayOrder: 2 },
    },
  },
  fen: {
    displayName: "Position",
    displayOrder: 2,
    type: "select",
    default: "kiwipete",
    values: fenValues,
    condition: { startPosition: { eq: "fen" } },
  },
  showDestinations: {
    displayName: "Show legal destinations",
    displayOrder: 3,
    type: "checkbox",
    defaultBool: true,
  },
};

export const overviewStats: OverviewStat[] = [
  { name: "score", displayName: "Score", customStyle: "font-weight: bold" },
  { name: "moves", displayName: "Moves played" },
  { name: "captures", displayName: "Captures" },
  { name: "checks", displayName: "Checks given" },
];

export const content: ProjectContent = {
  slug: "chess",
  projectName: "Chess",
  designer: "Tabletop Lab",
  visibility: "public",
  description:
    "<p>The classic game for two, with complete rules: castling, en passant, promotion, check, " +
    "checkmate and stalemate. Threefold repetition, the fifty-move rule and insufficient material " +
    "draw automatically.</p>" +
    "<p><strong>The first seat plays White, the second Black.</strong> Click a piece to light up " +
    "its legal squares, then click one. Offer a draw or resign at any time with the buttons above " +
    "the board.</p>" +
    "<p>Testers can start from a named position (option <em>Start position</em>).</p>",
  images: {
    "box.svg": boxSvg,
    "background.svg": backgroundSvg,
    "board.svg": boardSvg,
    "board-turned.svg": boardTurnedSvg,
    "overview.svg": overviewSvg,
    ...pieceImages(),
  },
  options,
  changeLog: [
    { version: "0.1", date: "2026-10-05", notes: "<p>First playable board: moves, captures, check.</p>" },
    {
      version: "0.2",
      date: "2026-10-26",
      notes: "<p>Castling, en passant and promotion with a choice of piece.</p>",
    },
    {
      version: "0.3",
      date: "2026-11-09",
      notes: "<p>Draw rules, draw offers, resignation; start from a named position.</p>",
    },
    {
      version: "__0.3.1",
      date: "2026-11-15",
      notes: "<p>Admins: hidden debugging position 'bare kings' for testing the end of game.</p>",
    },
    {
      version: "1.0",
      date: "2026-11-21",
      notes: "<p>Results page stats and the help card. Ready for the testers.</p>",
    },
  ],
  components,
  decks: {},
  overviewCard: "overview.svg",
  overviewStats,
  players: { min: 2, max: 2 },
};

import {
  activeState,
  defaultDescribeStat,
  defaultTurnSummary,
  type RuleContext,
  type Situation,
  type StatRef,
  type StatRow,
  type SummaryLine,
  type TurnSummaryInput,
} from "@tt/engine";
import { numbered } from "./moves";
import { figurine } from "./rules";
import { chessOf } from "./state";

/**
 * Chess in the log and on the results page as chess players write it: each move numbered in SAN with
 * its piece's figure ('1. e4', '1... ♞f6', '5. O-O', '23. ♕xf7#'), a draw offer or resignation in
 * words, and the end ('Checkmate. Black wins. (0-1)'). Nothing in chess is hidden, so every line is
 * for everyone.
 */

export function summarizeTurn(input: TurnSummaryInput, ctx: RuleContext): SummaryLine[] {
  const { before, after, moves } = input;
  const lines: SummaryLine[] = [];
  const was = chessOf(before);
  const now = chessOf(after);
  // A position repaired in edit mode starts a new history: all of it is new.
  const from = was.initialFen === now.initialFen ? was.moves.length : 0;
  const played: string[] = [];
  for (let i = from; i < now.moves.length; i++) played.push(numbered(now, i, figurine));
  // The moved piece's picture goes before the line, as on the moves' own lines (section 9).
  const moved = moves.find((m) => m.type === "component move");
  if (played.length > 0)
    lines.push({
      message: played.join(" "),
      ...(moved?.type === "component move" ? { logDisplayComponent: moved.componentId } : {}),
    });
  const state = activeState(after);
  if (played.length === 0 && state.name === "promotion" && activeState(before).name !== "promotion")
    lines.push({
      message: `${String(state.variables.from)}-${String(state.variables.to)}: a pawn to promote`,
    });
  for (const move of moves) {
    // Draw offers and resignations are worded by the module itself (moves.ts said()).
    if (move.type === "press state button" && move.logMessage) lines.push({ message: move.logMessage });
    if (move.type === "game end" && move.logMessage)
      lines.push({ message: move.logMessage, sourcePlayer: null });
  }
  return lines.length > 0 ? lines : defaultTurnSummary(input, ctx);
}

/** The game object's stats (moves.ts endMoves) under chess words. */
const GAME_LABELS: Record<string, string> = {
  result: "Result",
  reason: "How it ended",
  moves: "Moves played",
  movetext: "Game record",
};

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function describeStat(stat: StatRef, _situation: Situation, _ctx: RuleContext): StatRow[] {
  const { value } = stat;
  if (stat.scope === "table" && stat.key === "result" && typeof value === "object" && value !== null) {
    // The game end's result: its sentence with the score, and the winner's seat.
    const result = value as Record<string, unknown>;
    const winner = text(result.winner);
    return [
      { label: "Result", value: `${text(result.text)} (${text(result.result)})`.trim() },
      { label: "Winner", value: winner === "" ? "Nobody: a draw" : winner },
    ];
  }
  if (stat.scope === "component" && stat.owner === "game" && GAME_LABELS[stat.key] !== undefined) {
    const [row] = defaultDescribeStat(stat);
    return row === undefined ? [] : [{ ...row, label: GAME_LABELS[stat.key] as string }];
  }
  return defaultDescribeStat(stat);
}

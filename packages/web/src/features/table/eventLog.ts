// An ended table's log (everything revealed): the situation and the log lines after its events,
// undone turns left out, folded by the engine's table holder. A running table is held as a viewer's
// log instead (the engine's table/viewer-log.ts): the browser never has a running table's full
// situation or moves.

import {
  applyTurnWithLog,
  createTableHolder,
  defaultModule,
  findComponent,
  type LogMessage,
  type LogTurn,
  PLAYER_COLORS,
  type Situation,
  type TableEvent,
} from "@tt/engine";
import { type ComponentView, componentView, type ViewEnv } from "./componentView";
import { colorHex } from "./layout";

export { applyTurnWithLog };

/** The situation and log after `events` from `start` (undone turns skipped). */
export function replay(
  start: Situation,
  events: readonly TableEvent[],
): { situation: Situation; log: LogMessage[] } {
  // A recorded log folds without the rules (its moves and chance outcomes are all in it).
  const holder = createTableHolder({ start, events, module: defaultModule });
  return { situation: holder.live, log: holder.log() };
}

/** What a log line shows beside its words: who did it, whom it is about, the component it is about. */
export interface LogLineView {
  /** The acting player, in their colour. */
  source: { name: string; color: string } | null;
  /** The player the line is about ('blue gained 4 coins'), in their colour; null when it is the actor. */
  target: { name: string; color: string } | null;
  /** The component the line is about (logDisplayComponent) as this viewer sees it on the board now. */
  component: ComponentView | null;
}

const named = (name: string | null) =>
  name === null || name === "" ? null : { name, color: colorHex(name, PLAYER_COLORS) };

/**
 * A log line's view for this viewer. The component's image is the one the board draws for them (a
 * face they may not see stays its back; one they may not see at all, one no longer on the table, or
 * one drawn from a card template rather than an image, is left out), so the log never shows more
 * than the board.
 */
export function logLineView(line: LogMessage, situation: Situation, env: ViewEnv): LogLineView {
  const { sourcePlayer, targetPlayer } = line.event;
  const id = line.logDisplayComponent;
  const found = id === null ? undefined : findComponent(situation.root, id);
  const view = found === undefined ? null : componentView(found, situation, env);
  // An image only: a templated card's face is text, and the log's text is the same for every viewer.
  const drawn = view !== null && !view.hidden && view.image !== "";
  return {
    source: named(sourcePlayer),
    target: targetPlayer === sourcePlayer ? null : named(targetPlayer),
    component: drawn ? view : null,
  };
}

/** One line of the log panel: a turn's line with its event's seq; `move` for a move line behind a summary. */
export interface LogRow {
  key: string;
  line: LogMessage & { seq: number };
  move: boolean;
}

/** Turns the log panel keeps on the page: the newest ones. */
export const LOG_TURNS_SHOWN = 300;

/**
 * The log panel's lines: each turn's summary in the game's words (or its move lines where it has
 * none: an edit-mode turn, a log older than summaries), and with `showMoves` the move lines behind
 * each summary, for designers reading what the rules did.
 */
export function logRows(turns: readonly LogTurn[], showMoves: boolean): LogRow[] {
  const rows: LogRow[] = [];
  for (const turn of turns.slice(-LOG_TURNS_SHOWN)) {
    turn.lines.forEach((line, i) => {
      rows.push({ key: `${turn.seq}:${i}`, line: { ...line, seq: turn.seq }, move: false });
    });
    if (showMoves && turn.moves !== null)
      turn.moves.forEach((line, i) => {
        rows.push({ key: `${turn.seq}:m${i}`, line: { ...line, seq: turn.seq }, move: true });
      });
  }
  return rows;
}

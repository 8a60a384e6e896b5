import type { LogMessage } from "../log/message.js";
import type { LogTurn } from "../log/summary.js";

/**
 * Undo in the log (issue 37 point 8): an undo takes turns out of the log, which at a competitive
 * table took back a move the others had already seen with no trace. So every undo writes a line of
 * its own, for every viewer: 'red took back their move'. It is made from the undo's header (actor,
 * time, what it undid), which every viewer receives, so the live log, a resubscribe, the replay and
 * an ended table's log all show the same line with nothing new stored or sent.
 */

/** The `type` of an undo's log line. */
export const UNDO_LINE_TYPE = "undo";

/** What an undo's line is made from: an undo event or its header, and the headers of the turns before. */
interface UndoLike {
  kind: "turn" | "undo";
  seq: number;
  actor: string;
  timestamp: number;
  undone?: number[];
}

/**
 * The words after the actor's name: their own move taken back, or (in edit mode, where a player may
 * undo another's turn) 'a move'.
 */
export function undoMessage(undo: UndoLike, events: readonly UndoLike[]): string {
  const theirs = (undo.undone ?? []).every((seq) => {
    const turn = events[seq];
    return turn === undefined || turn.actor === undo.actor;
  });
  return theirs ? "took back their move" : "took back a move";
}

export function undoLine(undo: UndoLike, events: readonly UndoLike[]): LogMessage {
  return {
    message: undoMessage(undo, events),
    event: {
      sourcePlayer: undo.actor,
      targetPlayer: null,
      timestamp: undo.timestamp,
      logStyle: "normal",
      logIndent: 0,
      editMode: false,
      type: UNDO_LINE_TYPE,
    },
    currTurn: 0,
    logDisplayComponent: null,
  };
}

/**
 * The log's turns with each undo's line at its place: `turns` are the turns in effect after `events`
 * (oldest first), and every undo among `events` comes in by its seq, so the line stands after the
 * turns that were kept before it and before whatever was played after it.
 */
export function withUndoLines(turns: readonly LogTurn[], events: readonly UndoLike[]): LogTurn[] {
  const undos = events.filter((e) => e !== undefined && e.kind === "undo");
  if (undos.length === 0) return turns.slice();
  const out: LogTurn[] = [];
  let next = 0;
  for (const turn of turns) {
    while (next < undos.length && (undos[next] as UndoLike).seq < turn.seq) {
      const undo = undos[next++] as UndoLike;
      out.push({ seq: undo.seq, lines: [undoLine(undo, events)], moves: null });
    }
    out.push(turn);
  }
  for (const undo of undos.slice(next))
    out.push({ seq: undo.seq, lines: [undoLine(undo, events)], moves: null });
  return out;
}

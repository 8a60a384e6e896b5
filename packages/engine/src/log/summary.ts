import { z } from "zod";
import { SUMMARY_LINE_MAX_LENGTH, SUMMARY_LINES_PER_TURN } from "../constants.js";
import type { LogMessage } from "./message.js";

/**
 * A turn's summary: what the log shows players, in the game's words ('bought Silk for 3 coins',
 * '12. ♘f3'), in place of the lines its moves wrote ('moved card' five times). The rule module's
 * summarizeTurn makes it once, on the server, when the turn is recorded; the event keeps it, so a
 * replay, an ended table and a resubscribe read the very lines the players read live. An event
 * without one (an edit-mode turn, a log older than summaries) shows its move lines as before.
 */

export const summaryLineSchema = z.object({
  /** The words after the actor's name: 'sold 3 Tea for 9 coins'. */
  message: z.string(),
  /** Whose act the line tells; absent: the turn's actor; null: nobody's ('The closing bell rings.'). */
  sourcePlayer: z.string().nullable().optional(),
  /** Whom the line is about when not the actor. */
  targetPlayer: z.string().optional(),
  /** The component the line shows beside its words. */
  logDisplayComponent: z.string().optional(),
  /**
   * Only these seats read the line (a card named to the player who drew it). Absent: every viewer,
   * so the line may name only what every viewer sees.
   */
  recipients: z.array(z.string()).optional(),
});
export type SummaryLine = z.infer<typeof summaryLineSchema>;

const cut = (text: string) =>
  text.length <= SUMMARY_LINE_MAX_LENGTH ? text : `${text.slice(0, SUMMARY_LINE_MAX_LENGTH - 1)}…`;

/**
 * The lines a module returned, as the log keeps them: trimmed, none empty, each cut at
 * SUMMARY_LINE_MAX_LENGTH, at most SUMMARY_LINES_PER_TURN. A summary is words for people: a long one
 * is shortened rather than refusing the player's turn over it.
 */
export function normaliseSummary(lines: readonly SummaryLine[]): SummaryLine[] {
  const out: SummaryLine[] = [];
  for (const line of lines) {
    if (typeof line?.message !== "string") continue;
    const message = cut(line.message.trim());
    if (message === "") continue;
    const kept: SummaryLine = { message };
    if (line.sourcePlayer === null || typeof line.sourcePlayer === "string")
      kept.sourcePlayer = line.sourcePlayer;
    if (typeof line.targetPlayer === "string") kept.targetPlayer = line.targetPlayer;
    if (typeof line.logDisplayComponent === "string") kept.logDisplayComponent = line.logDisplayComponent;
    if (Array.isArray(line.recipients))
      kept.recipients = [...new Set(line.recipients.filter((r) => typeof r === "string"))];
    out.push(kept);
    if (out.length === SUMMARY_LINES_PER_TURN) break;
  }
  return out;
}

/** The `type` of a summary's log lines (a move's lines carry the move's type). */
export const SUMMARY_LINE_TYPE = "summary";

interface SummarisedTurn {
  actor: string;
  timestamp: number;
  summary?: SummaryLine[] | undefined;
}

/** Made once per event: every viewer's copy of it packs the same array (view/event.ts packLines). */
const asLines = new WeakMap<readonly SummaryLine[], LogMessage[]>();

/** A turn's summary as log lines (the actor, the turn's time), or null when the turn has none. */
export function summaryLines(turn: SummarisedTurn): LogMessage[] | null {
  const { summary } = turn;
  if (summary === undefined) return null;
  let lines = asLines.get(summary);
  if (lines === undefined) {
    lines = summary.map((line) => {
      const out: LogMessage = {
        message: line.message,
        event: {
          sourcePlayer: line.sourcePlayer === undefined ? turn.actor : line.sourcePlayer,
          targetPlayer: line.targetPlayer ?? null,
          timestamp: turn.timestamp,
          logStyle: "normal",
          logIndent: 0,
          editMode: false,
          type: SUMMARY_LINE_TYPE,
        },
        currTurn: 0,
        logDisplayComponent: line.logDisplayComponent ?? null,
      };
      if (line.recipients !== undefined) out.recipients = line.recipients;
      return out;
    });
    asLines.set(summary, lines);
  }
  return lines;
}

/** One turn of the log as a viewer reads it. */
export interface LogTurn {
  seq: number;
  /** What the log shows: the turn's summary, or its move lines when it has none. */
  lines: LogMessage[];
  /** The move lines behind a summary (shown to designers on request); null when `lines` are they. */
  moves: LogMessage[] | null;
}

export function logTurn(
  seq: number,
  moves: readonly LogMessage[],
  summary: readonly LogMessage[] | null | undefined,
): LogTurn {
  return summary === null || summary === undefined
    ? { seq, lines: moves.slice(), moves: null }
    : { seq, lines: summary.slice(), moves: moves.slice() };
}

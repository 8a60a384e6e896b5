/** One line of the table log (game-table.md section 3, 'Log message'). */
export interface LogEvent {
  sourcePlayer: string | null;
  targetPlayer: string | null;
  timestamp: number;
  logStyle: string;
  logIndent: number;
  editMode: boolean;
  type: string;
}

export interface LogMessage {
  message: string;
  event: LogEvent;
  currTurn: number;
  logDisplayComponent: string | null;
  /** The move's eventRecipients: only these seats read the line (absent: everyone). */
  recipients?: string[];
}

/**
 * The fields of a move a log line is made from. Declared here rather than taken from the moves'
 * MoveBase so the log stays below the moves (moves/base.ts imports LogMessage): every move fits it.
 */
export interface LoggedMove {
  type: string;
  logMessage?: string | undefined;
  sourcePlayer?: string | undefined;
  timestamp?: number | undefined;
  editMode?: boolean | undefined;
  currTurn?: number | undefined;
  eventRecipients?: string[] | undefined;
}

export interface LogExtras {
  targetPlayer?: string | null;
  logDisplayComponent?: string | null;
  logStyle?: string;
  logIndent?: number;
}

/**
 * A log line for a move. The move's own logMessage, when set by the rule module, replaces the
 * default text; an empty logMessage hides the line. Time comes from the move, never from a clock.
 * An edit-mode move the rules would leave unlogged (a game state, a global set by hand) is logged by
 * its type: edit mode acts outside the rules, so nobody's hand-made change goes unread. A selection
 * changes nothing and stays unlogged.
 */
export function logFor(move: LoggedMove, message: string, extras: LogExtras = {}): LogMessage[] {
  let text = move.logMessage ?? message;
  if (
    text === "" &&
    move.logMessage === undefined &&
    move.editMode === true &&
    move.type !== "select component"
  )
    text = move.type;
  if (text === "") return [];
  return [
    {
      message: text,
      event: {
        sourcePlayer: move.sourcePlayer ?? null,
        targetPlayer: extras.targetPlayer ?? null,
        timestamp: move.timestamp ?? 0,
        logStyle: extras.logStyle ?? (move.editMode === true ? "edit" : "normal"),
        logIndent: extras.logIndent ?? 0,
        editMode: move.editMode === true,
        type: move.type,
      },
      currTurn: move.currTurn ?? 0,
      logDisplayComponent: extras.logDisplayComponent ?? null,
      ...(move.eventRecipients === undefined ? {} : { recipients: move.eventRecipients }),
    },
  ];
}

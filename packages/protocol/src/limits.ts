// Abuse resistance (issue 20, docs/abuse.md): the caps on what one table and one user may make the
// server hold or do, and the messages the browser shows when one is reached. The numbers are about
// 50x the largest the shipped games make (bench/src/turn-sizes.ts measures them): no real game comes
// near, while one hostile client can no longer grow a table without bound or stall other users.
// Each is the default of a server setting (README 'Limits'); the messages take the configured value.

export const TABLE_CAPS = {
  /** A game-move as sent, JSON bytes (largest sent by a shipped game: 275 B). */
  turnBytes: 16 * 1024,
  /** Moves one turn records, the rules' own included (largest: 22, a Night Market market refill). */
  turnMoves: 1000,
  /** One recorded event, JSON bytes (largest: 5.9 kB, a chess turn with its move list). */
  eventBytes: 256 * 1024,
  /** A running table's situation, JSON bytes (largest: 41 kB, the sandbox). */
  situationBytes: 2 * 1024 * 1024,
  /** Events in one table's log (longest game: 400 turns, a sandbox cut at 400). */
  logEvents: 20_000,
  /** One table's log, JSON bytes (largest: 639 kB, a chess game of 281 turns). */
  logBytes: 32 * 1024 * 1024,
  /** Chat messages at one table a minute, everyone's together (sustained; bursts of a quarter of it). */
  chatPerMinute: 120,
} as const;

export const SESSION_CAPS = {
  /** Sockets (tabs) one login session may hold open on one server process. */
  socketsPerSession: 20,
  /** Table events a second from all sockets of one session, sustained, and the burst after a pause. */
  sessionRate: { perSecond: 20, burst: 40 },
  /** The same for all sessions of one user, on every instance. */
  userRate: { perSecond: 30, burst: 60 },
  /** Table loads (table-open, table-log) a second per user, sustained, and the burst. */
  heavyReads: { perSecond: 2, burst: 20 },
  /** Table loads of one user answered at once by one server process; more are refused the same way. */
  heavyReadsInFlight: 4,
  /**
   * Bytes those loads may send a user a second, sustained, and the burst (issue 36 point 6). An answer
   * is charged its size on the wire (and a log's whole JSON when the load had to make it), so a user
   * reloading a full log is held back while others' loads go: the burst is one log at its cap, the
   * rate a large game's log (639 kB) a second and then some.
   */
  heavyReadBytes: { perSecond: 1024 * 1024, burst: 32 * 1024 * 1024 },
} as const;

const kB = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} kB`;

/** The refusals of the caps above, as the server words them (the browser shows them as they are). */
export const LIMIT_MESSAGES = {
  turnTooLarge: (maxBytes: number, maxMoves: number) =>
    `This turn is too large: a turn may send at most ${kB(maxBytes)} and make at most ${maxMoves} moves.`,
  logFull: (maxEvents: number, maxBytes: number) =>
    `This table's log is full (at most ${maxEvents} turns or ${kB(maxBytes)}): no more turns can be made here. Start a new table to play on.`,
  situationFull: (maxBytes: number) =>
    `This table holds too much (at most ${kB(maxBytes)}): a turn that adds to it is refused, other turns still go.`,
  chatTooFast: (perMinute: number) =>
    `This table's chat is busy (at most ${perMinute} messages a minute): wait a moment and send it again.`,
  tooManySockets: (max: number) =>
    `Too many open tabs for this login (at most ${max}): close some tabs, then reload this one.`,
  readsTooFast: "You are opening tables too fast: wait a moment and try again.",
  readBytesTooFast: (seconds: number) =>
    `You have loaded a lot of table data in a short time: wait ${seconds} s and try again.`,
} as const;

/** The code a refused socket handshake carries (connect_error's data.code) beside its message. */
export const HANDSHAKE_REFUSALS = { tooManySockets: "socket/too-many" } as const;

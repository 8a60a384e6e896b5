/**
 * The sizes the table caps (docs/abuse.md) are chosen from: random games of every shipped project,
 * played by the engine's random bot through the table holder as the server plays them, measuring the
 * largest turn (actions sent, moves recorded, bytes of the game-move payload and of the stored event),
 * the largest situation, and the longest log (events and bytes) a game reaches.
 * Run: node --import tsx bench/src/turn-sizes.ts [--quick]
 */
import { mayAct, randomTurn, seedRng } from "@tt/engine";
import { shippedGames } from "@tt/games";
import { playTable } from "../../packages/games/src/testing/driver";

const quick = process.argv.includes("--quick");
const GAMES = quick ? 5 : 30;
/** A game that goes on longer than this is cut: sandboxes never end by themselves. */
const TURNS_MAX = 400;
const SEATS = [
  ["red", "blue"],
  ["red", "blue", "green", "yellow"],
];

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

interface Largest {
  actions: number;
  moves: number;
  payloadBytes: number;
  eventBytes: number;
  situationBytes: number;
  logEvents: number;
  logBytes: number;
}

const rows: (Largest & { game: string; games: number })[] = [];
for (const game of shippedGames) {
  const largest: Largest = {
    actions: 0,
    moves: 0,
    payloadBytes: 0,
    eventBytes: 0,
    situationBytes: 0,
    logEvents: 0,
    logBytes: 0,
  };
  let played = 0;
  for (const seats of SEATS) {
    for (let g = 0; g < GAMES; g++) {
      let table: ReturnType<typeof playTable>;
      try {
        table = playTable(game, { players: seats, seed: g + 1 });
      } catch {
        continue; // a game that does not seat this many players
      }
      played++;
      const { holder } = table;
      largest.situationBytes = Math.max(largest.situationBytes, bytes(holder.live));
      const rng = { state: seedRng(g * 7919 + seats.length) };
      let logBytes = 0;
      for (let t = 0; t < TURNS_MAX && !holder.live.ended; t++) {
        const seat = seats.find((s) => mayAct(holder.live, s)) ?? "alwaysactive";
        const actions = randomTurn(holder.live, holder.events.length, seat, holder.module, holder.ctx, rng);
        if (actions === null) break;
        const turnUID = `g${g}-t${t}-${"x".repeat(20)}`;
        const result = holder.play({ seat, actions, timestamp: Date.now(), turnUID });
        if (!result.ok || result.value.event === null) continue;
        const { event } = result.value;
        largest.actions = Math.max(largest.actions, actions.length);
        if (event.kind === "turn") largest.moves = Math.max(largest.moves, event.moves.length);
        const payload = { tableId: "t".repeat(20), moveId: event.seq, turnUID, actions, editMode: false };
        largest.payloadBytes = Math.max(largest.payloadBytes, bytes(payload));
        const eventBytes = bytes(event);
        largest.eventBytes = Math.max(largest.eventBytes, eventBytes);
        logBytes += eventBytes;
        largest.situationBytes = Math.max(largest.situationBytes, bytes(holder.live));
      }
      largest.logEvents = Math.max(largest.logEvents, holder.events.length);
      largest.logBytes = Math.max(largest.logBytes, logBytes);
    }
  }
  rows.push({ game: game.content.slug, games: played, ...largest });
}

console.table(rows);
const max = (k: keyof Largest) => Math.max(...rows.map((r) => r[k]));
console.log(
  `largest over all games: ${max("actions")} actions, ${max("moves")} moves, ` +
    `${max("payloadBytes")} B sent, ${max("eventBytes")} B stored per turn; ` +
    `situation ${max("situationBytes")} B; log ${max("logEvents")} events, ${max("logBytes")} B`,
);

import {
  type Action,
  createTableHolder,
  type JsonObject,
  resolveModule,
  type SetupPlayer,
  type Situation,
  type TableEvent,
  type TableHolder,
} from "@tt/engine";
import type { ShippedGame } from "../content";
import { createRegistry, piecesOf } from "../registry";

/**
 * A table as the server will run it, for scenario tests of a shipped game:
 * `playTable(game, {players: ['red', 'blue']}).play('red', [...]).expect(s => ...)`.
 * Every turn goes through the engine's table holder, as on the server.
 */
export interface GameTable {
  play(seat: string, actions: Action[], opts?: { editMode?: boolean }): GameTable;
  /** Asserts the turn is refused with exactly this message (throws otherwise). */
  refused(seat: string, actions: Action[], message: string): GameTable;
  undo(seat: string): GameTable;
  /** Asserts undo is refused with exactly this message (throws otherwise). */
  undoRefused(seat: string, message: string): GameTable;
  expect(check: (situation: Situation) => void): GameTable;
  readonly situation: Situation;
  readonly events: readonly TableEvent[];
  /** The holder itself: views, viewer events, log lines. */
  readonly holder: TableHolder;
  at(step: number): Situation;
  /** The id a piece has now that had `id` at the start (pieces get new ids when they leave someone's sight). */
  follow(id: string): string;
}

export interface TableSetup {
  players: (string | SetupPlayer)[];
  options?: JsonObject;
  seed?: number;
}

/** The options a table gets when the creator changes nothing: each option's default. */
export function defaultOptions(game: ShippedGame): JsonObject {
  const out: JsonObject = {};
  for (const [key, o] of Object.entries(game.content.options)) {
    if (o.defaultBool !== undefined) out[key] = o.defaultBool;
    else if (o.default !== undefined) out[key] = o.default;
    else if (o.type === "checkbox") out[key] = false;
    else {
      const first = Object.entries(o.values ?? {}).sort((a, b) => a[1].displayOrder - b[1].displayOrder)[0];
      if (first) out[key] = first[0];
    }
  }
  return out;
}

export function playTable(game: ShippedGame, setup: TableSetup): GameTable {
  const registry = createRegistry([game]);
  const module = resolveModule(game.module);
  const options = { ...defaultOptions(game), ...setup.options };
  const players = setup.players.map((p) => (typeof p === "string" ? { color: p } : p));
  const start = registry.startSituation(game.content.slug, { players, options, seed: setup.seed ?? 1 });
  const holder = createTableHolder({
    start,
    module,
    project: { pieces: piecesOf(game.content.components), options },
    snapshotEvery: 8,
  });
  let clock = 0;
  const turn = (seat: string, actions: Action[], editMode: boolean) => {
    clock += 1000;
    return { seat, actions, timestamp: clock, turnUID: `turn-${clock}`, editMode };
  };
  const table: GameTable = {
    play(seat, actions, opts = {}) {
      const r = holder.play(turn(seat, actions, opts.editMode === true));
      if (!r.ok) throw new Error(`${seat} was refused: ${r.message}`);
      return table;
    },
    refused(seat, actions, message) {
      const r = holder.record(turn(seat, actions, false));
      if (r.ok) throw new Error(`expected '${message}' but the turn was accepted`);
      if (r.message !== message) throw new Error(`expected '${message}' but got '${r.message}'`);
      return table;
    },
    undo(seat) {
      const planned = holder.undo({ seat, timestamp: clock, editMode: false });
      if (!planned.ok) throw new Error(`Undo refused: ${planned.message}`);
      return table;
    },
    undoRefused(seat, message) {
      const planned = holder.planUndo({ seat, timestamp: clock, editMode: false });
      if (planned.ok) throw new Error(`expected '${message}' but the undo was accepted`);
      if (planned.message !== message) throw new Error(`expected '${message}' but got '${planned.message}'`);
      return table;
    },
    expect(check) {
      check(holder.live);
      return table;
    },
    get situation() {
      return holder.live;
    },
    get events() {
      return holder.events;
    },
    holder,
    at: (step) => holder.at(step),
    follow: (id) => holder.follow(id),
  };
  return table;
}

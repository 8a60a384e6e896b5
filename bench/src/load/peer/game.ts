import type { Game } from "boardgame.io";

// The peer's game: as little as a turn-based game can be, so that what the peer's figures measure is
// its server's turn pipeline (credentials, stale-state check, reducer, log, per-player state to every
// socket of the match), not a game's rules. Each move adds a number to G and hands the turn to the
// next of the players; the game never ends.

export const PEER_GAME_NAME = "bench-trivial";

export interface PeerG {
  /** Moves made so far: the bots match arrivals by it. */
  count: number;
  /** Sum of the numbers added: the end-of-run check compares it with what the bots sent. */
  total: number;
}

export const peerGame: Game<PeerG> = {
  name: PEER_GAME_NAME,
  minPlayers: 2,
  maxPlayers: 8,
  setup: () => ({ count: 0, total: 0 }),
  moves: {
    add: {
      move: ({ G }, n: number) => ({ count: G.count + 1, total: G.total + n }),
      // The mover waits for the server's state, as our seats wait for the server's event: without
      // this its own client would apply the move at once and the sender's latency would read 0. The
      // server's work is the same either way.
      client: false,
    },
  },
  // One move a turn: the framework passes the turn to the next player in the default order.
  turn: { minMoves: 1, maxMoves: 1 },
};

import type { LoadOptions } from "../options";
import type { RunSummary } from "../run";

// Other projects' servers run beside ours with the same load shape (`--peer`), so that one run
// prints both rows from the same machine minutes apart (issue 21).

export const PEERS = ["boardgame.io"] as const;
export type Peer = (typeof PEERS)[number];

/** Runs the peer's steady run; null when it failed (its error printed), like a failed set-up. */
export async function runPeer(peer: Peer, options: LoadOptions): Promise<RunSummary | null> {
  try {
    // Loaded only when asked for: the peer's packages stay out of every other run.
    const { bgioRun } = await import("./bgio");
    return await bgioRun(options);
  } catch (err) {
    console.error(`  ${peer} failed:`, err);
    return null;
  }
}

/** What the peer's row of the summary measures, printed under the table. */
export function peerNote(peer: Peer): string {
  return [
    `  ${peer}: its server (own process, its defaults: matches in memory) with a trivial game (peer/game.ts: each`,
    "  move adds a number to G and passes the turn); turns are its moves; refused: errors its server logged;",
    "  dup: n/a (its client keeps only the newest state); hashes equal: clients whose final G is what the moves sent add up to",
  ].join("\n");
}

/**
 * Perft benchmark: our chess rules core against chess.js and chessops on the same positions, in the
 * same run. Run: node --import tsx bench/src/chess-perft.ts [--quick]
 *
 * All three count the same tree; ours and chessops count leaf moves without playing them (bulk
 * counting at depth 1), chess.js plays every leaf move.
 */
import { Chess as ChessJs } from "chess.js";
import { Chess as ChessopsChess } from "chessops/chess";
import { perft as chessopsPerft } from "chessops/debug";
import { parseFen as chessopsParseFen } from "chessops/fen";
import { perft, positionFromFen } from "../../packages/games/src/projects/chess/rules/index";

interface Case {
  readonly name: string;
  readonly fen: string;
  readonly depth: number;
}

const quick = process.argv.includes("--quick");

const CASES: readonly Case[] = [
  { name: "initial", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", depth: 4 },
  { name: "kiwipete", fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", depth: 3 },
  { name: "position 3", fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", depth: 5 },
  { name: "position 4", fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", depth: 4 },
  { name: "position 5", fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", depth: 3 },
  {
    name: "position 6",
    fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    depth: 3,
  },
].map((c) => (quick ? { ...c, depth: c.depth - 1 } : c));

type Runner = (fen: string, depth: number) => number;

const RUNNERS: readonly { name: string; run: Runner }[] = [
  {
    name: "ours",
    run: (fen, depth) => {
      const pos = positionFromFen(fen);
      if (!pos.ok) throw new Error(pos.error.message);
      return perft(pos.value, depth);
    },
  },
  {
    name: "chessops",
    run: (fen, depth) =>
      chessopsPerft(ChessopsChess.fromSetup(chessopsParseFen(fen).unwrap()).unwrap(), depth, false),
  },
  { name: "chess.js", run: (fen, depth) => new ChessJs(fen).perft(depth) },
];

function timed(run: Runner, fen: string, depth: number): { nodes: number; ms: number } {
  // Best of several rounds (at least 300 ms in all) so timer resolution and one-off pauses do not count.
  let nodes = 0;
  let best = Number.POSITIVE_INFINITY;
  let rounds = 0;
  const start = performance.now();
  do {
    const t = performance.now();
    nodes = run(fen, depth);
    best = Math.min(best, performance.now() - t);
    rounds++;
  } while (performance.now() - start < 300 && rounds < 20);
  return { nodes, ms: best };
}

const pad = (s: string, n: number): string => s.padStart(n);
const nps = (nodes: number, ms: number): string => `${(((nodes / ms) * 1000) / 1e6).toFixed(2)}M`;

// Warm up every implementation one level shallower so the measured runs use optimised code.
for (const runner of RUNNERS) for (const c of CASES) runner.run(c.fen, c.depth - 1);

const header = ["position", "depth", "nodes", ...RUNNERS.flatMap((r) => [`${r.name} ms`, `${r.name} nps`])];
const widths = [12, 5, 9, ...RUNNERS.flatMap(() => [12, 12])];
console.log(header.map((h, i) => pad(h, widths[i] ?? 10)).join(" "));

const totals = RUNNERS.map(() => ({ nodes: 0, ms: 0 }));
let mismatch = false;
for (const c of CASES) {
  const results = RUNNERS.map((r) => timed(r.run, c.fen, c.depth));
  const nodes = results[0]?.nodes ?? 0;
  if (results.some((r) => r.nodes !== nodes)) mismatch = true;
  results.forEach((r, i) => {
    const t = totals[i];
    if (t) {
      t.nodes += r.nodes;
      t.ms += r.ms;
    }
  });
  const cells = [
    c.name,
    String(c.depth),
    String(nodes),
    ...results.flatMap((r) => [r.ms.toFixed(1), nps(r.nodes, r.ms)]),
  ];
  console.log(cells.map((s, i) => pad(s, widths[i] ?? 10)).join(" "));
}
const totalCells = [
  "total",
  "",
  String(totals[0]?.nodes ?? 0),
  ...totals.flatMap((t) => [t.ms.toFixed(1), nps(t.nodes, t.ms)]),
];
console.log(totalCells.map((s, i) => pad(s, widths[i] ?? 10)).join(" "));
if (mismatch) {
  console.log("node counts differ between implementations!");
  process.exitCode = 1;
}

/**
 * Perft with the chess module's own move generator (the one behind highlights and move checks).
 *
 *   npm run perft -w packages/games -- "<FEN>" <depth> [--divide]
 *
 * Only `process` and `console` globals are used: this package is kept free of node:* imports.
 */
import {
  makeSan,
  moveFrom,
  movePromotion,
  moveTo,
  perft,
  perftDivide,
  positionFromFen,
  roleOf,
  squareName,
} from "../src/projects/chess/rules/index";

interface ProcessLike {
  readonly argv: readonly string[];
  exitCode?: number;
}
interface ConsoleLike {
  log(...args: unknown[]): void;
  error(...args: unknown[]): void;
}
const host = globalThis as unknown as {
  process: ProcessLike;
  console: ConsoleLike;
  performance: { now(): number };
};

function main(args: readonly string[]): number {
  const divide = args.includes("--divide");
  const [fen, depthText] = args.filter((a) => a !== "--divide");
  const depth = Number(depthText);
  if (!fen || !Number.isInteger(depth) || depth < 0) {
    host.console.error('usage: npm run perft -w packages/games -- "<FEN>" <depth> [--divide]');
    return 2;
  }
  const pos = positionFromFen(fen);
  if (!pos.ok) {
    host.console.error(`${pos.error.code}: ${pos.error.message}`);
    return 1;
  }
  const start = host.performance.now();
  let nodes = 0;
  if (divide && depth > 0) {
    for (const { move, nodes: n } of perftDivide(pos.value, depth)) {
      const promotion = movePromotion(move);
      const uci =
        squareName(moveFrom(move)) + squareName(moveTo(move)) + (promotion ? roleOf(promotion)[0] : "");
      host.console.log(`${uci.padEnd(6)} ${makeSan(pos.value, move).padEnd(8)} ${n}`);
      nodes += n;
    }
    host.console.log("");
  } else {
    nodes = perft(pos.value, depth);
  }
  const ms = host.performance.now() - start;
  host.console.log(`nodes ${nodes}`);
  host.console.log(`time ${ms.toFixed(1)} ms`);
  host.console.log(`nps ${ms > 0 ? Math.round((nodes * 1000) / ms).toLocaleString("en-US") : "-"}`);
  return 0;
}

host.process.exitCode = main(host.process.argv.slice(2));

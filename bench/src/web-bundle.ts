import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

// Budget (DESIGN.md): the JavaScript a browser fetches for the login and home pages <= 250 KB gzip.
// That is the entry script plus every chunk index.html preloads; lazy routes are not counted.
const dist = path.resolve(import.meta.dirname, "../../packages/web/dist");
const BUDGET_KB = 250;

export function webBundleReport(): void {
  const index = path.join(dist, "index.html");
  if (!existsSync(index)) {
    console.log("web bundle: not built (npm run build)");
    return;
  }
  const html = readFileSync(index, "utf8");
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = readFileSync(path.join(dist, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(
    `web: login/home JavaScript ${files.length} files, ${kb(raw)} KB raw, ${kb(gz)} KB gzip (budget ${BUDGET_KB} KB gzip: ${gz / 1024 <= BUDGET_KB ? "within" : "OVER"})`,
  );
}

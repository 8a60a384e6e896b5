import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const SERVER = "http://localhost:3000";

/** FNV-1a: a small, dependency-free string hash; collisions here only cost one needless reload. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/**
 * Writes dist/build-id.txt. The server announces it as its instanceId, and open pages reload when it
 * changes. Emitted file names carry content hashes, so hashing the names (plus index.html) gives an id
 * that changes exactly when the shipped code changes, and a rebuild of the same code reloads nobody.
 */
function buildId(): Plugin {
  return {
    name: "tt-build-id",
    apply: "build",
    generateBundle(_options, bundle) {
      const parts = Object.values(bundle)
        .map((item) =>
          item.fileName.endsWith(".html") && item.type === "asset" ? String(item.source) : item.fileName,
        )
        .sort();
      this.emitFile({ type: "asset", fileName: "build-id.txt", source: fnv1a(parts.join("\n")) });
    },
  };
}

/** Text the server sends compressed; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the
 * build, when smaller: the server sends the copy the browser accepts (@fastify/static preCompressed)
 * with no compression work per request. Done once at build time, at the strongest settings, which
 * would cost too much CPU to run per request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "tt-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < COMPRESS_MIN_BYTES) continue;
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), buildId(), precompress()],
  resolve: {
    // zod configured before its first schema (src/lib/zodConfig.ts), wherever it is imported.
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, "src/lib/zodConfig.ts") }],
  },
  server: {
    proxy: {
      "/api": SERVER,
      "/socket.io": { target: SERVER, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      // @tt/protocol declares "sideEffects": false, so the login page can import STORAGE_KEYS without
      // pulling zod and every schema into the entry chunk; the register and admin pages load them on demand.
      output: {
        // Stable vendor chunks keep their hash (and browser cache) across deploys of our own code.
        // MUI is left to automatic splitting so admin-only components stay out of the first page.
        codeSplitting: {
          groups: [
            // Not react-dom's server renderer: only the print window uses it, loaded with that chunk.
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/](?!.*server)/,
            },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});

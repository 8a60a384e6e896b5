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

export default defineConfig({
  plugins: [react(), buildId()],
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

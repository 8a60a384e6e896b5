import type { Config } from "../config";

// The page's Content-Security-Policy: what the web app and its libraries load, and nothing else, so
// the browser's violation reports are real ones. Checked in Chromium with the built app
// (e2e/csp.spec.ts): MUI's emotion and CodeMirror insert <style> elements and set style attributes
// ('unsafe-inline' for styles only); card images, the PDF export and deck fonts use data: and blob:
// URLs; the socket is a WebSocket. zod's probe for eval (it compiles parsers when it may) is turned off
// in the web app (web/src/lib/zodConfig.ts) rather than allowed: nothing there needs eval.

/** The origin browsers load uploaded files from when S3_PUBLIC_URL is set (else they come from us). */
export function storageOrigin(storage: Config["storage"]): string | null {
  if (storage.kind !== "s3" || !storage.publicUrl) return null;
  try {
    return new URL(storage.publicUrl).origin;
  } catch {
    return null;
  }
}

export function cspDirectives(config: Pick<Config, "storage">): Record<string, string[] | null> {
  const files = storageOrigin(config.storage);
  const andFiles = (list: string[]) => (files ? [...list, files] : list);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: andFiles(["'self'", "data:", "blob:"]),
    // Images and fonts for the PDF export are fetched, from the bucket's public address too.
    connectSrc: andFiles(["'self'", "ws:", "wss:"]),
    fontSrc: andFiles(["'self'", "https:", "data:"]),
    // Helmet's defaults, spelled out because the security tests rely on them: no plugins, no
    // foreign <base> or form targets, and no framing by other sites (clickjacking).
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    scriptSrcAttr: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

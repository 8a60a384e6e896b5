// Every `import ... from "zod"` of the web build (ours, the protocol's, the engine's) is sent here by
// vite.config.ts (resolve.alias), so this runs before any module of the app builds a schema, and
// zod is fetched only with the first page that uses it (the login page uses none).
//
// zod compiles its object parsers with `new Function` when eval is allowed, and to find out it tries
// once, when an object schema is made; the site's CSP allows no eval (server/src/http/csp.ts), so
// every page load reported a violation from zod although nothing broke. The browser parses little:
// without the compiling there is nothing to try, and a CSP report means something is wrong.
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";

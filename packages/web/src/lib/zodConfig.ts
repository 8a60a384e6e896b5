import { z } from "zod";

// Imported first by main.tsx, before any schema exists. zod compiles its object parsers with
// `new Function` when eval is allowed, and to find out it tries once; the site's CSP allows no eval
// (server/src/http/csp.ts), so every page load reported a violation from zod although nothing broke.
// The browser parses little: without the compiling there is nothing to try, and a CSP report means
// something is wrong.
z.config({ jitless: true });

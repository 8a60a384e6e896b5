// `npm start`: build what is not built, then run the server in this process (so SIGINT/SIGTERM reach it).
import { register } from "tsx/esm/api";
import { ensureWebBuilt } from "./webBuild.mjs";

ensureWebBuilt();
register();
await import("../packages/server/src/main.ts");

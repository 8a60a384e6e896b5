import type { SessionCache } from "./auth/sessionCache";
import type { Config } from "./config";
import type { Database } from "./db/connect";
import type { PushService } from "./push/service";
import type { Storage } from "./storage/storage";

// What the app hands to every route and socket handler. It lives apart from app.ts, which imports the
// routes: a route importing it from app.ts would close an import cycle.
export interface AppDeps {
  config: Config;
  database: Database;
  buildId: string;
  webDist: string;
  /**
   * Called after a session is deleted: its open sockets are closed, and every instance forgets it
   * (sessionCache), this one at once.
   */
  onSessionEnded(tokenHash: string): void;
  /** Sessions read a moment ago (auth/sessionCache.ts). */
  sessions: SessionCache;
  /** Web Push sender; pushRoutes creates one when absent (src/push). */
  push?: PushService;
  /** Uploaded files (assets, deck sources): disk or S3, see src/storage. */
  storage: Storage;
}

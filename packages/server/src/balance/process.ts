import { serveInProcess } from "./childServe";
import { balanceJobs } from "./jobs";

// The module the balance process serves (pool.ts names it; child.mjs loads it through tsx, after it
// has lowered the priority of every thread of the process).
serveInProcess(balanceJobs);

import { serve } from "../work/serve";
import { botJobs } from "./botJobs";

// The module each bot worker runs (botWork.ts names it; work/boot.mjs loads it through tsx). serve()
// lowers the thread's priority, so people's turns come first on a busy machine.
serve(botJobs);

import { serve } from "../work/serve";
import { balanceJobs } from "./jobs";

// The module the balance worker runs (runner.ts names it; work/boot.mjs loads it through tsx). serve()
// lowers the thread's priority, so live tables come first on a busy machine.
serve(balanceJobs);

import { serve } from "./serve";
import { uploadJobs } from "./uploadJobs";

// The module each upload worker runs (uploads.ts names it; boot.mjs loads it through tsx).
serve(uploadJobs);

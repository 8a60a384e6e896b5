import type { ProjectVisibility } from "./constants";

/** An entry of GET /api/get-project-list. boxImage is a URL for the home tile. */
export interface ProjectListEntry {
  slug: string;
  project_name: string;
  visibility: ProjectVisibility;
  designer: string;
  boxImage: string | null;
}

import { z } from "zod";
import { PROJECT_VISIBILITIES, type ProjectVisibility } from "./constants";

/** An entry of GET /api/get-project-list. boxImage is a URL for the home tile. */
export interface ProjectListEntry {
  slug: string;
  project_name: string;
  visibility: ProjectVisibility;
  designer: string;
  boxImage: string | null;
}

export const createProjectSchema = z.object({
  slug: z
    .string({ error: "Slug is required." })
    .trim()
    .min(3, "Slug must be at least 3 characters.")
    .max(40, "Slug must be at most 40 characters.")
    .regex(
      /^[a-z0-9]+(-[a-z0-9]+)*$/,
      "Slug may contain only lower-case letters, digits and single hyphens.",
    ),
  projectName: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(100, "Name must be at most 100 characters."),
  designer: z.string().trim().max(100, "Designer must be at most 100 characters.").default(""),
  visibility: z.enum(PROJECT_VISIBILITIES).default("closed"),
});
export type CreateProjectRequest = z.input<typeof createProjectSchema>;

import { z } from "zod";
import { PROJECT_VISIBILITIES, type ProjectVisibility } from "./constants";
import type { GameOptionDto } from "./lobby";

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

/** A project's roles (admin-decks-editor.md section 6), in the order the admin page lists them. */
export const PROJECT_ROLES = ["designer", "mod", "player"] as const;
export type ProjectRoleName = (typeof PROJECT_ROLES)[number];

/** A feedback question as stored: the map key is its id. */
export interface FormQuestionDto {
  formOrder: number;
  text: string;
  type: string;
  condition?: unknown;
}

/**
 * GET /api/projects/{slug}/admin-info, for everyone who may open the project (section 2: description,
 * visibility and roles are for everyone); the options (hidden ones too) and the feedback form's
 * questions come only to those who see the advanced sections: its mods and designers and site admins.
 */
export interface ProjectInfo {
  slug: string;
  projectName: string;
  description: string;
  visibility: string;
  roles: Record<ProjectRoleName, string[]>;
  /** Every option, hidden ones included; project admins only. */
  options?: Record<string, GameOptionDto>;
  /** Project admins only. */
  formQuestions?: Record<string, FormQuestionDto>;
  rights: {
    /** Site admin, or the viewer's role in the project. */
    role: "admin" | ProjectRoleName | null;
    /** The advanced sections and editing the description and visibility: mods, designers, site admins. */
    administer: boolean;
    /** Decks, assets, the data sheet and the game implementation: designers and site admins. */
    maintain: boolean;
    /** The roles whose members the viewer may add and remove. */
    assignableRoles: ProjectRoleName[];
    archiveTables: boolean;
    deleteData: boolean;
  };
}

/** What the project's admins get: everything the advanced sections edit. */
export type AdminInfo = ProjectInfo & Required<Pick<ProjectInfo, "options" | "formQuestions">>;

/** POST /api/projects/update-project-info/{slug}?name=: the field saved and the value stored. */
export interface ProjectInfoUpdate {
  name: string;
  value: string;
}

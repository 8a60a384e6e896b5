import { PROJECT_ROLES, type ProjectRoleName } from "@tt/protocol";
import { z } from "zod";
import {
  type Actor,
  isProjectAdmin,
  isSiteAdmin,
  type ProjectAccess,
  projectRoleOf,
} from "../auth/permissions";

// Project administration (admin-decks-editor.md sections 5 and 6): who may do what on the admin page,
// and the shapes of the option definitions and feedback questions it saves. Built only from the
// primitives of auth/permissions.ts, so 'who is a site admin / a project's designer' has one answer.

/** The admin page at all, description, visibility, feedback form and options: mods, designers, site admins. */
export const mayAdministerProject = isProjectAdmin;

/**
 * The roles the actor may add (and remove) members of: site admins any role, a designer mod and player,
 * a mod only player, everyone else none (section 6).
 */
export function assignableRoles(actor: Actor | null, project: ProjectAccess): ProjectRoleName[] {
  if (isSiteAdmin(actor)) return [...PROJECT_ROLES];
  const role = projectRoleOf(actor, project);
  if (role === "designer") return ["mod", "player"];
  if (role === "mod") return ["player"];
  return [];
}

/** Deleting every table and its feedback cannot be undone: site admins and the project's designers only. */
export function mayDeleteProjectData(actor: Actor | null, project: ProjectAccess): boolean {
  return isSiteAdmin(actor) || projectRoleOf(actor, project) === "designer";
}

/** Decks, the data sheet and the game implementation (section 1: designers maintain them). */
export function mayMaintainDecks(actor: Actor | null, project: ProjectAccess): boolean {
  return isSiteAdmin(actor) || projectRoleOf(actor, project) === "designer";
}

/** Ending every running table (archive): any project admin. */
export const mayArchiveProjectTables = isProjectAdmin;

const name = z.string().trim().min(1).max(100);

export const projectInfoQuery = z.object({
  name: z.enum(["description", "visibility"], { error: "name must be description or visibility." }),
});

export const projectInfoBody = z.object({ newValue: z.string().max(20_000) });

export const addRoleBody = z
  .object({
    username: z.string().trim().max(100).optional().default(""),
    inviteCode: z.string().trim().max(100).optional().default(""),
    roleName: z.enum(PROJECT_ROLES, { error: "roleName must be designer, mod or player." }),
  })
  .refine((b) => b.username !== "" || b.inviteCode !== "", {
    error: "Give a user name or an invite code (one of these fields is sufficient).",
  });

export const removeRoleBody = z.object({
  username: name,
  roleName: z.enum(PROJECT_ROLES, { error: "roleName must be designer, mod or player." }),
});

// ---- Feedback form questions (section 3: questionId unique, text, type default textarea, condition, formOrder)

const questionSchema = z.object({
  formOrder: z.coerce.number().catch(0),
  text: z.string().max(2000).default(""),
  type: z
    .string()
    .trim()
    .max(40)
    .default("textarea")
    .transform((t) => t || "textarea"),
  condition: z.unknown().optional(),
});
export type FormQuestion = z.output<typeof questionSchema>;

const questionId = z
  .string()
  .trim()
  .min(1, "A question id cannot be empty.")
  .max(100)
  .regex(/^[\w.-]+$/, "A question id may hold letters, digits, '_', '-' and '.'.");

export const formQuestionsBody = z.object({
  projectSlug: name,
  questions: z.record(z.string().max(100), questionSchema).refine((q) => Object.keys(q).length <= 200, {
    error: "At most 200 questions.",
  }),
});

/** Checks the ids (unique regardless of case and surrounding spaces) and returns the stored map. */
export function normaliseQuestions(
  questions: Record<string, FormQuestion>,
): { ok: true; value: Record<string, FormQuestion> } | { ok: false; message: string } {
  const out: Record<string, FormQuestion> = {};
  const seen = new Set<string>();
  for (const [rawId, q] of Object.entries(questions)) {
    const id = questionId.safeParse(rawId);
    if (!id.success) return { ok: false, message: id.error.issues[0]?.message ?? "Bad question id." };
    const key = id.data.toLowerCase();
    if (seen.has(key)) return { ok: false, message: `Question id '${id.data}' is used twice.` };
    seen.add(key);
    out[id.data] = { ...q, formOrder: Number.isFinite(q.formOrder) ? q.formOrder : 0 };
  }
  return { ok: true, value: out };
}

// ---- Project option definitions (section 3 and the rules of section 5)

/** A number of at least 0, else 0 (section 5: 'Option display order must be a number of at least 0'). */
export const displayOrder = z
  .unknown()
  .optional()
  .transform((v) => {
    const n = typeof v === "string" && v.trim() !== "" ? Number(v) : typeof v === "number" ? v : Number.NaN;
    return Number.isFinite(n) && n >= 0 ? n : 0;
  });

const conditionRule = z
  .object({
    eq: z.union([z.string(), z.boolean()]).optional(),
    ne: z.union([z.string(), z.boolean()]).optional(),
  })
  .strict();

const optionValueSchema = z.object({
  displayName: z.string().trim().min(1, "Every value needs a display name.").max(200),
  hiddenDisplay: z.string().max(200).optional(),
  displayOrder,
  hidden: z.boolean().optional(),
});

export const optionDefinition = z
  .object({
    displayName: z.string().trim().min(1, "The option needs a display name.").max(200),
    displayOrder,
    type: z.enum(["select", "checkbox"], { error: "type must be select or checkbox." }),
    hidden: z.boolean().optional(),
    condition: z
      .record(z.string().max(100), conditionRule, { error: "The condition must be a JSON object." })
      .optional(),
    values: z.record(z.string().trim().min(1).max(100), optionValueSchema).optional(),
    default: z.string().max(100).optional(),
    defaultBool: z.boolean().optional(),
    customStyle: z.string().max(2000).optional(),
    // The editor's marker for options not yet saved; never stored.
    isNewlyAdded: z.unknown().optional(),
  })
  .superRefine((o, ctx) => {
    if (o.type !== "select") return;
    const values = o.values ?? {};
    if (Object.keys(values).length === 0)
      ctx.addIssue({ code: "custom", message: "A select option needs at least one value." });
    else if (o.default !== undefined && !values[o.default])
      ctx.addIssue({ code: "custom", message: `The default value '${o.default}' is not one of the values.` });
  })
  .transform(({ isNewlyAdded: _new, ...o }) => {
    if (o.type === "checkbox") {
      const { values: _v, default: _d, ...rest } = o;
      return rest;
    }
    const { defaultBool: _b, ...rest } = o;
    return rest;
  });
export type OptionDefinition = z.output<typeof optionDefinition>;

export const updateOptionBody = z.object({
  projectSlug: name,
  optionName: z
    .string()
    .trim()
    .min(1, "The option needs a name.")
    .max(100)
    .regex(/^[\w.-]+$/, "An option name may hold letters, digits, '_', '-' and '.'."),
  optionValue: z.unknown(),
});

import {
  type FeedbackRow,
  submitFeedbackSchema,
  type TableFeedback,
  tableFeedbackQuestions,
  tableIdSchema,
  unaskedAnswers,
} from "@tt/protocol";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { findUserByName } from "../auth/accounts";
import { maySeeFeedback } from "../auth/permissions";
import { feedback, tables, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { loadProjectFor } from "../projects/load";
import { findVisibleTable } from "../tables/visible";
import { requireActor } from "./context";
import { firstIssue, HttpError, sendText } from "./errors";

export const FEEDBACK_PAGE_SIZE = 20;
const NOT_ENDED = "Feedback opens when the game has ended.";
export const NOT_SEATED = "Only the players seated at this table may give feedback on it.";
/** At most this many unasked ids are named in the refusal; the rest are counted. */
const UNASKED_NAMED = 5;

function unaskedMessage(unasked: string[]): string {
  const named = unasked.slice(0, UNASKED_NAMED).map((id) => `'${id}'`);
  const more = unasked.length - named.length;
  const list = named.join(", ") + (more > 0 ? ` and ${more} more` : "");
  return `This table's feedback form has no question ${list}.`;
}

/** ?stat[]=a&stat[]=b arrives as stat[] (array or string): one shape for both. */
const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.string().max(100)).max(50));

const resultQuery = z.object({
  "stat[]": list,
  "tableOption[]": list,
  "globalStats[]": list,
  page: z.coerce.number().int().min(1).default(1),
  filterUser: z.string().max(100).optional(),
});

export function feedbackRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  /**
   * Two callers (spec): a player answering the feedback form of an ended table, and a feedback reader
   * saving the note of someone's row ({answers: {note}, user}). Each may write only their part.
   */
  app.post("/api/submit-feedback", async (request, reply) => {
    const actor = requireActor(request);
    const parsed = submitFeedbackSchema.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    const body = parsed.data;
    const row = await findVisibleTable(db, actor, body.tableId);

    const target = body.user?.trim() || actor.username;
    const isSelf = target.toLowerCase() === actor.username.toLowerCase();
    const keys = Object.keys(body.answers);
    const noteOnly = keys.length === 1 && keys[0] === "note";
    // A note save comes from a feedback reader, on anyone's row (their own included).
    if (noteOnly && maySeeFeedback(actor, row.project)) {
      const user = isSelf ? { id: actor.id } : await findUserByName(db, target);
      if (!user) throw new HttpError(404, "User not found.");
      const updated = await db
        .update(feedback)
        .set({ note: body.answers.note! })
        .where(and(eq(feedback.tableId, body.tableId), eq(feedback.userId, user.id)))
        .returning({ id: feedback.id });
      if (updated.length === 0) throw new HttpError(404, "That user has no feedback on this table.");
      return sendText(reply, 200, "Note saved");
    }
    if (!isSelf) {
      if (!maySeeFeedback(actor, row.project))
        throw new HttpError(403, "You may not edit feedback notes of this project.");
      throw new HttpError(400, "Only the note of someone else's feedback can be changed.");
    }

    if (row.table.status !== "ended") throw new HttpError(409, NOT_ENDED);
    // Feedback is the seated players' (game-table.md section 6): a spectator's answers would be read
    // beside a player's stats under whatever colour they named. The colour is the seat's own.
    const seat = row.table.seats.find((s) => s.userId === actor.id);
    if (!seat) throw new HttpError(403, NOT_SEATED);
    if (body.color !== undefined && body.color !== "" && body.color !== seat.color)
      throw new HttpError(400, `You sat at this table as ${seat.color}, not ${body.color}.`);
    // The note belongs to the readers; a player's answers never carry it.
    const { note: _ignored, ...answers } = body.answers;
    if (Object.keys(answers).length === 0) throw new HttpError(400, "There are no answers to save.");
    // Only the questions this table's form asks (its conditions read against the table's options).
    const unasked = unaskedAnswers(
      tableFeedbackQuestions(row.project.formQuestions, row.table.options),
      answers,
    );
    if (unasked.length > 0) throw new HttpError(400, unaskedMessage(unasked));
    await db
      .insert(feedback)
      .values({ tableId: body.tableId, userId: actor.id, color: seat.color, answers })
      .onConflictDoUpdate({
        target: [feedback.tableId, feedback.userId],
        set: { answers, color: seat.color },
      });
    return sendText(reply, 200, "Feedback saved");
  });

  /**
   * The form an ended table asks (game-table.md sections 4-5): the project's questions whose condition
   * holds for this table's options, and the caller's saved answers (null: the dialog should open).
   */
  app.get("/api/table-feedback/:tableId", async (request): Promise<TableFeedback> => {
    const actor = requireActor(request);
    const params = tableIdSchema.safeParse(request.params);
    if (!params.success) throw new HttpError(400, firstIssue(params.error));
    const { tableId } = params.data;
    // As at table-open: a closed project's tables do not exist for those outside it.
    const row = await findVisibleTable(db, actor, tableId);
    if (row.table.status !== "ended") throw new HttpError(409, NOT_ENDED);
    const [saved] = await db
      .select({ answers: feedback.answers })
      .from(feedback)
      .where(and(eq(feedback.tableId, tableId), eq(feedback.userId, actor.id)));
    return {
      questions: tableFeedbackQuestions(row.project.formQuestions, row.table.options),
      userAnswers: saved?.answers ?? null,
      edited: row.table.edited,
    };
  });

  app.get<{ Params: { slug: string } }>("/api/get-feedback-result/:slug", async (request) => {
    const actor = requireActor(request);
    const project = await loadProjectFor(db, request.params.slug, actor);
    if (!maySeeFeedback(actor, project))
      throw new HttpError(403, "Only project admins, designers and mods may read feedback.");
    const parsed = resultQuery.safeParse(request.query);
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    const q = parsed.data;

    const conditions: SQL[] = [eq(tables.projectSlug, project.slug)];
    if (q.filterUser) conditions.push(eq(users.usernameKey, q.filterUser.toLowerCase()));
    const where = and(...conditions);
    const base = db
      .select()
      .from(feedback)
      .innerJoin(tables, eq(tables.id, feedback.tableId))
      .innerJoin(users, eq(users.id, feedback.userId));
    const [total] = await db
      .select({ n: count() })
      .from(feedback)
      .innerJoin(tables, eq(tables.id, feedback.tableId))
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(where);
    const rows = await base
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(FEEDBACK_PAGE_SIZE)
      .offset((q.page - 1) * FEEDBACK_PAGE_SIZE);

    const pick = (source: Record<string, unknown> | undefined, keys: string[]) =>
      Object.fromEntries(keys.map((k) => [k, source?.[k] ?? null]));
    const result: FeedbackRow[] = rows.map(({ feedback: f, tables: t, users: u }) => ({
      tableId: t.id,
      username: u.username,
      color: f.color,
      createdTime: f.createdAt.toISOString(),
      version: `v${t.componentsVersion}`,
      note: f.note,
      feedbackAnswers: f.answers,
      statValues: pick(f.color ? t.resultStats?.players[f.color] : undefined, q["stat[]"]),
      globalStatValues: pick(t.resultStats?.global, q["globalStats[]"]),
      options: pick(t.options, q["tableOption[]"]),
      // Readers weigh an answer about a game edit moves changed differently: its stats are not the rules'.
      edited: t.edited,
    }));
    return {
      rows: result,
      page: q.page,
      pageCount: Math.max(1, Math.ceil((total?.n ?? 0) / FEEDBACK_PAGE_SIZE)),
    };
  });
}

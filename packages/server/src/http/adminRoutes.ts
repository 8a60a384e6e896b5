import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../deps";
import {
  addRole,
  adminInfo,
  archiveTables,
  deleteTables,
  loadAdminProject,
  loadViewableProject,
  removeRole,
  saveFormQuestions,
  saveOption,
  updateProjectInfo,
} from "../projects/admin";
import {
  addRoleBody,
  formQuestionsBody,
  normaliseQuestions,
  optionDefinition,
  projectInfoBody,
  projectInfoQuery,
  removeRoleBody,
  updateOptionBody,
} from "../projects/adminRules";
import { requireActor } from "./context";
import { firstIssue, HttpError, refusalOf, sendText } from "./errors";

// Project administration calls (admin-decks-editor.md section 7). Every call: 401 when logged out, 404
// 'Project not found' when the project does not exist or is closed to the actor, 403 when the actor is
// not one of the project's mods or designers nor a site admin (except admin-info, which everyone who
// may open the project reads, in part); finer rules in projects/adminRules.ts.

type SlugParams = { Params: { slug: string } };

export function adminRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  /**
   * The admin page's data: for anyone who may open the project, its description, visibility and roles;
   * for its admins also the options (hidden ones included) and the feedback form (projects/admin.ts).
   */
  app.get<SlugParams>("/api/projects/:slug/admin-info", async (request) => {
    const actor = requireActor(request);
    return adminInfo(await loadViewableProject(db, request.params.slug, actor), actor);
  });

  app.post<SlugParams>("/api/projects/update-project-info/:slug", async (request) => {
    const actor = requireActor(request);
    const project = await loadAdminProject(db, request.params.slug, actor);
    const query = projectInfoQuery.safeParse(request.query);
    if (!query.success) throw new HttpError(400, firstIssue(query.error));
    const body = projectInfoBody.safeParse(request.body);
    if (!body.success) throw new HttpError(400, firstIssue(body.error));
    return updateProjectInfo(db, project, query.data.name, body.data.newValue);
  });

  app.post<SlugParams>("/api/projects/add-role/:slug", async (request, reply) => {
    const actor = requireActor(request);
    const project = await loadAdminProject(db, request.params.slug, actor);
    const body = addRoleBody.safeParse(request.body ?? {});
    if (!body.success) throw new HttpError(400, firstIssue(body.error));
    return sendText(reply, 200, await addRole(db, actor, project, body.data));
  });

  app.post<SlugParams>("/api/projects/remove-role/:slug", async (request, reply) => {
    const actor = requireActor(request);
    const project = await loadAdminProject(db, request.params.slug, actor);
    const body = removeRoleBody.safeParse(request.body ?? {});
    if (!body.success) throw new HttpError(400, firstIssue(body.error));
    return sendText(reply, 200, await removeRole(db, actor, project, body.data));
  });

  /** Answers 'Update success', or 'Error updating questions: {reason}'. */
  app.post("/api/update-form-questions", async (request, reply) => {
    const failed = (status: number, reason: string) =>
      sendText(reply, status, `Error updating questions: ${reason}`);
    const actor = requireActor(request);
    const body = formQuestionsBody.safeParse(request.body ?? {});
    if (!body.success) return failed(400, firstIssue(body.error));
    try {
      const project = await loadAdminProject(db, body.data.projectSlug, actor);
      const questions = normaliseQuestions(body.data.questions);
      if (!questions.ok) return failed(400, questions.message);
      await saveFormQuestions(db, project.slug, questions.value);
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal) return failed(refusal.status, refusal.message);
      throw err;
    }
    return sendText(reply, 200, "Update success");
  });

  /** Answers 'Update success!', or the error as JSON text ({"error": "..."}). */
  app.post("/api/update-option", async (request, reply) => {
    const failed = (status: number, error: string) => reply.code(status).send({ error });
    const actor = requireActor(request);
    const body = updateOptionBody.safeParse(request.body ?? {});
    if (!body.success) return failed(400, firstIssue(body.error));
    try {
      const project = await loadAdminProject(db, body.data.projectSlug, actor);
      const raw = body.data.optionValue;
      if (raw === null || raw === undefined) await saveOption(db, project.slug, body.data.optionName, null);
      else {
        const definition = optionDefinition.safeParse(raw);
        if (!definition.success) return failed(400, firstIssue(definition.error));
        await saveOption(db, project.slug, body.data.optionName, definition.data);
      }
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal) return failed(refusal.status, refusal.message);
      throw err;
    }
    return sendText(reply, 200, "Update success!");
  });

  app.post<SlugParams>("/api/projects/:slug/archive-tables", async (request, reply) => {
    const actor = requireActor(request);
    const project = await loadAdminProject(db, request.params.slug, actor);
    return sendText(reply, 200, await archiveTables(db, actor, project));
  });

  app.post<SlugParams>("/api/projects/:slug/delete-tables", async (request, reply) => {
    const actor = requireActor(request);
    const project = await loadAdminProject(db, request.params.slug, actor);
    return sendText(reply, 200, await deleteTables(db, actor, project));
  });
}

import { createInvitationsSchema, rolesAtOrBelow } from "@tt/protocol";
import type { FastifyInstance } from "fastify";
import { listInvitations, mintInvitations } from "../auth/invitations";
import { mayMintInvitations, mayMintRole, maySeeInvitation } from "../auth/permissions";
import type { AppDeps } from "../deps";
import { requireActor } from "./context";
import { firstIssue, HttpError } from "./errors";

export function invitationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  app.get("/api/invitations", async (request) => {
    const actor = requireActor(request);
    if (!mayMintInvitations(actor)) throw new HttpError(403, "Only site admins may see invitations.");
    // Unused codes above the viewer's role stay hidden: left out by the query (so the list's limit
    // counts only what is shown), and checked again by the rule itself.
    const list = await listInvitations(db, { upToRoles: rolesAtOrBelow(actor.role) });
    return list.filter((inv) => maySeeInvitation(actor, { role: inv.role, used: inv.usedAt !== null }));
  });

  app.post("/api/invitations", async (request) => {
    const actor = requireActor(request);
    if (!mayMintInvitations(actor)) throw new HttpError(403, "Only site admins may create invitations.");
    const parsed = createInvitationsSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    if (!mayMintRole(actor, parsed.data.role)) {
      throw new HttpError(
        403,
        parsed.data.role === "superadmin"
          ? "Only a superadmin may invite a superadmin."
          : `You may only invite roles at or below your own (${actor.role}).`,
      );
    }
    const codes = await mintInvitations(db, {
      ...parsed.data,
      createdBy: actor.id,
      expiryMs: deps.config.inviteExpiryMs,
    });
    request.log.info(
      { by: actor.username, count: codes.length, role: parsed.data.role },
      "invitations minted",
    );
    return listInvitations(db, { codes });
  });
}

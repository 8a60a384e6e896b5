import {
  all,
  get,
  type HttpScenario,
  loggedIn,
  maintainers,
  members,
  must,
  lettersOf as name,
  post,
  projectAdmins,
  seatedOnly,
  siteAdmins,
  with_,
} from "./matrix";
import { demoTable, freshSession, GAME, openTable, PASSWORD, pushSubscription } from "./world";

// The permission matrix's scenarios for what players do: accounts, invitations, projects, the lobby,
// push, profiles, the table page and feedback (platform-lobby-accounts.md 6, game-table.md 6).

export function playScenarios(): HttpScenario[] {
  let serial = 0;
  const unique = (prefix: string) => `${prefix}${++serial}`;
  return [
    // ---- accounts (platform section 7): open to anyone; the invitation code is the gate.
    {
      route: "POST /api/registerUser",
      expect: all("ok"),
      call: async (a, { server }) =>
        post("/api/registerUser", {
          userName: unique(`reg${name(a)}`),
          userPassword: PASSWORD,
          inviteCode: await server.invite(),
          email: "someone@example.test",
        }),
    },
    {
      route: "POST /api/login",
      expect: all("ok"),
      // A second session of the actor logs in as 'tester': login replaces whatever session it had.
      call: async (a, { server }) => ({
        ...post("/api/login", { userName: "tester", userPassword: PASSWORD }),
        client: await freshSession(server, a),
      }),
    },
    {
      route: "POST /api/logout",
      expect: all("ok"),
      call: async (a, { server }) => ({ ...post("/api/logout"), client: await freshSession(server, a) }),
    },
    { route: "GET /api/pingLogin", expect: loggedIn, call: () => get("/api/pingLogin") },

    // ---- invitations: site admins (DESIGN.md: the Invitations page).
    { route: "GET /api/invitations", expect: siteAdmins, call: () => get("/api/invitations") },
    {
      route: "POST /api/invitations",
      expect: siteAdmins,
      call: () => post("/api/invitations", { count: 1, role: "user" }),
    },
    {
      route: "POST /api/invitations",
      name: "a superadmin invitation",
      // Read: nobody hands out more than they hold; an admin minting a superadmin would be an escalation.
      expect: with_(siteAdmins, { admin: 403 }),
      call: () => post("/api/invitations", { count: 1, role: "superadmin" }),
    },

    // ---- projects
    { route: "GET /api/get-project-list", expect: loggedIn, call: () => get("/api/get-project-list") },
    {
      route: "POST /api/projects/create",
      expect: siteAdmins,
      call: (a) => post("/api/projects/create", { slug: unique(`made-${name(a)}-`), projectName: "Made" }),
    },
    {
      route: "GET /game-assets/:slug/:file",
      // Shipped box art is public like any static file: the login page may show it.
      expect: all("ok"),
      call: () => get(`/game-assets/${GAME}/box.svg`),
    },

    // ---- lobby (platform sections 2, 6, 7)
    {
      route: "GET /api/projects/get-project-detail/:slug",
      expect: members,
      call: () => get(`/api/projects/get-project-detail/${GAME}?status=none`),
    },
    {
      route: "GET /api/leave-lobby/:slug",
      // Leaving a lobby room reveals and changes nothing; it answers 'ok' for any slug.
      expect: loggedIn,
      call: () => get(`/api/leave-lobby/${GAME}?sessionId=tab-x`),
    },
    {
      route: "GET /api/get-table-list/",
      expect: members,
      call: () => get(`/api/get-table-list/?projectSlug=${GAME}&status=midgame`),
    },
    {
      route: "GET /api/get-table-tile/:tableId",
      // A private table's tile, like its page, opens by its id for whoever may open the project.
      expect: members,
      call: (_a, { w }) => get(`/api/get-table-tile/${w.privateTable}`),
    },
    {
      route: "GET /api/get-table-list/",
      name: "a user's finished tables (profile)",
      // Anyone's profile opens; tables of projects the caller may not see are left out of the list.
      expect: loggedIn,
      call: () => get("/api/get-table-list/?status=ended&username=tester"),
    },
    {
      route: "POST /api/projects/:slug/new-table",
      expect: members,
      call: () =>
        post(`/api/projects/${GAME}/new-table`, {
          start_position: { options: {} },
          tableMode: "competitive-edit",
        }),
    },
    {
      // 'Play against bots' (issue 37 point 7): whoever may make a table may make one against bots.
      route: "POST /api/projects/:slug/play-against-bots",
      expect: members,
      call: () => post(`/api/projects/${GAME}/play-against-bots`, {}),
    },
    {
      route: "POST /api/projects/:slug/new-table",
      name: "a demo-invite table",
      // 'demo-invite only to admins, cgestaff, project designers and project mods'.
      expect: projectAdmins(403),
      call: () =>
        post(`/api/projects/${GAME}/new-table`, {
          start_position: { options: {}, playerColors: ["red"] },
          tableMode: "demo-invite",
        }),
    },
    {
      route: "POST /api/projects/:slug/:tableId/start-table",
      // 'the creator starts it' (platform section 1); nobody else, admins included.
      expect: with_(members, { mod: 403, designer: 403, admin: 403, superadmin: 403, stranger: 403 }),
      call: async (_a, { w }) => {
        const tableId = await openTable(w.as.player);
        await must(w.as.player.get(`/api/projects/${GAME}/join-table/${tableId}?color=red`), "join");
        await must(w.as.stranger.get(`/api/projects/${GAME}/join-table/${tableId}?color=blue`), "join");
        return post(`/api/projects/${GAME}/${tableId}/start-table`);
      },
    },
    {
      route: "GET /api/projects/:slug/join-table/:tableId",
      expect: members,
      call: async (_a, { w }) =>
        get(`/api/projects/${GAME}/join-table/${await openTable(w.as.player)}?color=red`),
    },
    {
      route: "GET /api/projects/:slug/leave-table/:tableId",
      expect: members,
      call: async (a, { w }) => {
        const tableId = await openTable(w.as.player);
        await w.as[a].get(`/api/projects/${GAME}/join-table/${tableId}?color=red`);
        return get(`/api/projects/${GAME}/leave-table/${tableId}`);
      },
    },
    {
      route: "GET /api/projects/:slug/erase-table/:tableId",
      // 'superadmin may delete any table; the creator may delete their own non-ended table.'
      expect: with_(members, { mod: 403, designer: 403, admin: 403, stranger: 403 }),
      call: async (_a, { w }) => get(`/api/projects/${GAME}/erase-table/${await openTable(w.as.player)}`),
    },

    // ---- push
    { route: "GET /api/push-key", expect: loggedIn, call: () => get("/api/push-key") },
    {
      route: "POST /api/subscribe",
      expect: loggedIn,
      call: (a) => post("/api/subscribe", pushSubscription(unique(a))),
    },
    {
      route: "POST /api/unsubscribe",
      expect: loggedIn,
      call: (a) => post("/api/unsubscribe", { endpoint: `https://push.example.com/matrix/${a}` }),
    },
    {
      route: "DELETE /api/unsubscribe",
      expect: loggedIn,
      call: (a) => ({
        method: "DELETE",
        path: "/api/unsubscribe",
        body: { endpoint: `https://push.example.com/matrix/${a}` },
      }),
    },

    // ---- profile (platform section 2: bio editable only by the owner)
    {
      route: "GET /api/get-user-game-stats/",
      expect: loggedIn,
      call: () => get("/api/get-user-game-stats/?username=tester"),
    },
    { route: "GET /api/user-bio/", expect: loggedIn, call: () => get("/api/user-bio/?username=tester") },
    {
      route: "POST /api/user-bio/",
      name: "one's own bio",
      expect: loggedIn,
      call: (a) => post(`/api/user-bio/?username=${a === "anonymous" ? "tester" : a}`, { bioText: "hello" }),
    },
    {
      route: "POST /api/user-bio/",
      name: "someone else's bio",
      expect: with_(all(403), { anonymous: 401 }),
      call: () => post("/api/user-bio/?username=tester", { bioText: "not yours" }),
    },
    {
      route: "GET /api/get-user-badges",
      expect: loggedIn,
      call: () => get("/api/get-user-badges?username=tester"),
    },
    // Badges are given by site admins only (the spec names no way; issue 19): not by a user to
    // themselves, not by project mods or staff.
    { route: "GET /api/badges", expect: siteAdmins, call: () => get("/api/badges") },
    {
      route: "POST /api/award-badge",
      name: "to oneself",
      expect: siteAdmins,
      call: (a) =>
        post("/api/award-badge", {
          username: a === "anonymous" ? "tester" : a,
          name: unique(`self-${name(a)}`),
          displayName: "Self-made",
        }),
    },
    {
      route: "POST /api/remove-badge",
      expect: siteAdmins,
      call: async (a, { w }) => {
        const badge = unique(`gone-${name(a)}`);
        await must(
          w.as.admin.post("/api/award-badge", { username: "tester", name: badge, displayName: "Gone" }),
          "award",
        );
        return post("/api/remove-badge", { username: "tester", name: badge });
      },
    },

    // ---- the table page (game-table sections 6, 7)
    {
      route: "GET /api/table-open/:tableId",
      // 'Private tables ... are visible by project mods, and anyone who gets (or guesses) the table link.'
      expect: members,
      call: (_a, { w }) => get(`/api/table-open/${w.privateTable}`),
    },
    {
      route: "GET /api/container-content",
      name: "a deck at a public sandbox",
      expect: members,
      call: (_a, { w }) => get(`/api/container-content?tableId=${w.publicTable}&containerId=deck`),
    },
    {
      route: "GET /api/container-content",
      name: "a deck at a private sandbox",
      // A deck's order is for whoever may fix the table in edit mode; a private sandbox is its creator's.
      expect: with_(members, { mod: 403, designer: 403, admin: 403, superadmin: 403, stranger: 403 }),
      call: (_a, { w }) => get(`/api/container-content?tableId=${w.privateTable}&containerId=deck`),
    },
    {
      route: "GET /api/table-log/:tableId",
      name: "an ended table (everything is revealed)",
      expect: members,
      call: (_a, { w }) => get(`/api/table-log/${w.endedTable}`),
    },
    {
      route: "GET /api/table-log/:tableId",
      name: "a running table: its log stays on the server",
      expect: with_(all(409), { anonymous: 401, outsider: 404 }),
      call: (_a, { w }) => get(`/api/table-log/${w.publicTable}`),
    },
    {
      route: "GET /api/table-close/:tableId",
      // Leaves this tab's table room; nothing to protect.
      expect: loggedIn,
      call: (_a, { w }) => get(`/api/table-close/${w.privateTable}?sessionId=tab-x`),
    },
    ...["/api/projects/:slug/:tableId/restart-table", "/api/projects/:slug/:tableId/restart-table/"].map(
      (route): HttpScenario => ({
        route: `POST ${route}`,
        expect: maintainers,
        call: (_a, { w }) =>
          post(route.replace(":slug", GAME).replace(":tableId", w.publicTable), { start_position: {} }),
      }),
    ),
    ...["bind", "unbind"].map(
      (verb): HttpScenario => ({
        route: `POST /api/${verb}-table/:tableId/:slug`,
        expect: maintainers,
        call: (_a, { w }) => post(`/api/${verb}-table/${w.publicTable}/${GAME}`),
      }),
    ),
    {
      route: "POST /api/debug-table/:tableId/:step",
      // Site admins only, checked before the table is looked up: an outsider learns nothing from a 403.
      expect: siteAdmins,
      call: (_a, { w }) => post(`/api/debug-table/${w.publicTable}/0`),
    },
    {
      route: "GET /api/invite-link/:tableId",
      expect: projectAdmins(403),
      call: async (_a, { w }) => get(`/api/invite-link/${await demoTable(w.as.designer)}?color=red`),
    },
    {
      route: "POST /api/projects/:slug/:tableId/seat-bot",
      // Bots before the start (issue 22): the table's creator only, admins included in the refusal.
      expect: with_(members, { mod: 403, designer: 403, admin: 403, superadmin: 403, stranger: 403 }),
      call: async (_a, { w }) =>
        post(`/api/projects/${GAME}/${await openTable(w.as.player)}/seat-bot`, {
          color: "blue",
          kind: "random",
        }),
    },
    {
      route: "POST /api/projects/:slug/:tableId/remove-bot",
      // A seated bot taken off before the start: the table's creator only, as seating it.
      expect: with_(members, { mod: 403, designer: 403, admin: 403, superadmin: 403, stranger: 403 }),
      call: async (_a, { w }) => {
        const tableId = await openTable(w.as.player);
        await must(
          w.as.player.post(`/api/projects/${GAME}/${tableId}/seat-bot`, { color: "blue", kind: "random" }),
          "seat a bot",
        );
        return post(`/api/projects/${GAME}/${tableId}/remove-bot`, { color: "blue" });
      },
    },
    {
      route: "POST /api/projects/:slug/:tableId/replace-with-bot",
      // A left player's seat to a bot: the table's admins (the admin controls' maintainers).
      expect: maintainers,
      call: async (_a, { w }) => {
        const tableId = await openTable(w.as.player);
        await must(w.as.player.get(`/api/projects/${GAME}/join-table/${tableId}?color=red`), "join");
        await must(w.as.stranger.get(`/api/projects/${GAME}/join-table/${tableId}?color=blue`), "join");
        await must(w.as.player.post(`/api/projects/${GAME}/${tableId}/start-table`, {}), "start");
        return post(`/api/projects/${GAME}/${tableId}/replace-with-bot`, { color: "blue", kind: "random" });
      },
    },

    // ---- feedback
    {
      route: "POST /api/submit-feedback",
      // Feedback is the seated players' (game-table.md 6): no actor sat at the ended table (tester did,
      // and answered while the world was built), so whoever may see it is refused as a spectator.
      name: "answers from someone without a seat at the table",
      expect: seatedOnly,
      call: (_a, { w }) =>
        post("/api/submit-feedback", { tableId: w.endedTable, color: "red", answers: { q1: "good" } }),
    },
    {
      route: "POST /api/submit-feedback",
      name: "a reader's note on someone's row",
      expect: projectAdmins(403),
      call: (_a, { w }) =>
        post("/api/submit-feedback", { tableId: w.endedTable, user: "tester", answers: { note: "seen" } }),
    },
    {
      route: "GET /api/table-feedback/:tableId",
      expect: members,
      call: (_a, { w }) => get(`/api/table-feedback/${w.endedTable}`),
    },
    {
      route: "GET /api/get-feedback-result/:slug",
      expect: projectAdmins(403),
      call: () => get(`/api/get-feedback-result/${GAME}`),
    },

    // ---- rematch (issue 37 point 4): a seated player of the ended table only; no actor sat at it.
    {
      route: "POST /api/rematch/:tableId",
      name: "asked by someone without a seat at the ended table",
      expect: seatedOnly,
      call: (_a, { w }) => post(`/api/rematch/${w.endedTable}`),
    },
    {
      route: "GET /api/rematch/:tableId",
      name: "asked by someone without a seat at the ended table",
      expect: seatedOnly,
      call: (_a, { w }) => get(`/api/rematch/${w.endedTable}`),
    },
  ];
}

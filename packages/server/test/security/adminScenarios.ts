import { buildPsd } from "../fixtures/psdFixture";
import { buildWorkbook } from "../fixtures/xlsxFixture";
import {
  get,
  type HttpScenario,
  maintainers,
  members,
  must,
  lettersOf as name,
  post,
  projectAdmins,
  with_,
} from "./matrix";
import { GAME, png, postForm, SCRATCH } from "./world";

// The permission matrix's scenarios for what designers, mods and admins do: project administration,
// assets, decks and the data sheet, the game implementation, and the local control endpoint
// (admin-decks-editor.md 6: designers maintain decks, assets and the implementation; mods the
// description, visibility and players; site admins everything).

const sheet = () =>
  buildWorkbook({
    data: [
      ["ID", "title"],
      ["c1", "One"],
    ],
  });
const componentTree = { root: { id: "root", name: "root", type: "board", children: {} } };

export function adminScenarios(): HttpScenario[] {
  let serial = 0;
  const unique = (prefix: string) => `${prefix}${++serial}`;
  return [
    // ---- project administration (admin-decks-editor section 6)
    {
      route: "GET /api/projects/:slug/admin-info",
      // The admin page's data: description, visibility and roles for everyone who may open the project
      // (hidden options and the feedback form for its admins only, admin.test.ts); 404 for the others.
      expect: members,
      call: () => get(`/api/projects/${SCRATCH}/admin-info`),
    },
    {
      route: "POST /api/projects/update-project-info/:slug",
      expect: projectAdmins(403),
      call: () =>
        post(`/api/projects/update-project-info/${SCRATCH}?name=description`, { newValue: "<p>Scratch</p>" }),
    },
    {
      route: "POST /api/projects/add-role/:slug",
      expect: projectAdmins(403),
      call: () => post(`/api/projects/add-role/${SCRATCH}`, { username: "tester", roleName: "player" }),
    },
    {
      route: "POST /api/projects/add-role/:slug",
      name: "adding a designer",
      // 'a designer may add mod and player but not designer; a mod may add only player'.
      expect: with_(projectAdmins(403), { mod: 403, designer: 403 }),
      call: () => post(`/api/projects/add-role/${SCRATCH}`, { username: "helper", roleName: "designer" }),
    },
    {
      route: "POST /api/projects/remove-role/:slug",
      expect: projectAdmins(403),
      call: async (_a, { w }) => {
        await must(
          w.as.admin.post(`/api/projects/add-role/${SCRATCH}`, { username: "tester", roleName: "player" }),
          "add tester",
        );
        return post(`/api/projects/remove-role/${SCRATCH}`, { username: "tester", roleName: "player" });
      },
    },
    {
      route: "POST /api/update-form-questions",
      expect: projectAdmins(403),
      call: () =>
        post("/api/update-form-questions", {
          projectSlug: SCRATCH,
          questions: { q1: { text: "How was it?", formOrder: 1 } },
        }),
    },
    {
      route: "POST /api/update-option",
      expect: projectAdmins(403),
      call: () =>
        post("/api/update-option", {
          projectSlug: SCRATCH,
          optionName: "matrix",
          optionValue: { displayName: "Matrix", displayOrder: 0, type: "checkbox", defaultBool: false },
        }),
    },
    {
      route: "POST /api/projects/:slug/archive-tables",
      expect: projectAdmins(403),
      call: () => post(`/api/projects/${SCRATCH}/archive-tables`),
    },
    {
      route: "POST /api/projects/:slug/delete-tables",
      // Deleting every table cannot be undone: site admins and designers, not mods.
      expect: maintainers,
      call: () => post(`/api/projects/${SCRATCH}/delete-tables`),
    },

    // ---- assets (designers maintain them; mods see the list; anyone in the project reads the files)
    {
      route: "GET /api/storage/*",
      expect: members,
      call: (_a, { w }) => get(`/api/storage/${w.assetKey}`),
    },
    {
      route: "GET /api/projects/:slug/assets",
      expect: projectAdmins(403),
      call: () => get(`/api/projects/${GAME}/assets`),
    },
    {
      route: "POST /api/projects/:slug/upload-assets",
      expect: maintainers,
      call: (a) => ({
        method: "POST",
        path: `/api/projects/${GAME}/upload-assets`,
        form: { fields: {}, files: { assets: [png(), `up-${name(a)}.png`] } },
      }),
    },
    {
      route: "POST /api/projects/:slug/erase-asset",
      expect: maintainers,
      call: async (a, { w }) => {
        const file = `gone-${name(a)}.png`;
        await must(
          postForm(w.as.designer, `/api/projects/${GAME}/upload-assets`, {}, { assets: [png(), file] }),
          "upload",
        );
        return post(`/api/projects/${GAME}/erase-asset`, { name: file });
      },
    },

    // ---- decks and data sheet
    {
      route: "GET /api/projects/:slug/decks",
      expect: projectAdmins(403),
      call: () => get(`/api/projects/${SCRATCH}/decks`),
    },
    {
      route: "POST /api/projects/update-data-sheet/:slug",
      expect: maintainers,
      call: () => post(`/api/projects/update-data-sheet/${SCRATCH}`, { dataSheetId: "" }),
    },
    {
      route: "POST /api/projects/upload-data-sheet/:slug",
      expect: maintainers,
      call: async () => ({
        method: "POST",
        path: `/api/projects/upload-data-sheet/${SCRATCH}`,
        form: { fields: {}, files: { file: [await sheet(), "data.xlsx"] } },
      }),
    },
    {
      route: "POST /api/projects/create-deck/:slug",
      expect: maintainers,
      call: (a) => post(`/api/projects/create-deck/${SCRATCH}`, { deckName: unique(`made ${name(a)} `) }),
    },
    {
      route: "POST /api/projects/:slug/erase-deck",
      expect: maintainers,
      call: async (a, { w }) => {
        const made = await must(
          w.as.designer.post(`/api/projects/create-deck/${SCRATCH}`, {
            deckName: unique(`gone ${name(a)} `),
          }),
          "create deck",
        );
        return post(`/api/projects/${SCRATCH}/erase-deck`, {
          deckId: (JSON.parse(made.text) as { id: string }).id,
        });
      },
    },
    {
      route: "POST /api/update-deck-source-sheet/:slug",
      expect: maintainers,
      call: async (_a, { w }) => ({
        method: "POST",
        path: `/api/update-deck-source-sheet/${SCRATCH}`,
        form: {
          fields: { deckId: w.deckId, deckName: "matrix" },
          files: { file: [await sheet(), "deck.xlsx"] },
        },
      }),
    },
    {
      route: "POST /api/update-deck-assets/:slug",
      expect: maintainers,
      call: (a, { w }) => ({
        method: "POST",
        path: `/api/update-deck-assets/${SCRATCH}`,
        form: {
          fields: { targetId: w.deckId },
          files: { "additional-assets": [png(), `art-${name(a)}.png`] },
        },
      }),
    },
    {
      route: "POST /api/erase-deck-asset/:slug",
      expect: maintainers,
      call: async (a, { w }) => {
        const file = `old-${name(a)}.png`;
        await must(
          postForm(
            w.as.designer,
            `/api/update-deck-assets/${SCRATCH}`,
            { targetId: w.deckId },
            { "additional-assets": [png(), file] },
          ),
          "deck asset",
        );
        return post(`/api/erase-deck-asset/${SCRATCH}`, { targetId: w.deckId, assetName: file });
      },
    },
    {
      route: "POST /api/update-deck-source-psd/:slug",
      expect: maintainers,
      call: (_a, { w }) => ({
        method: "POST",
        path: `/api/update-deck-source-psd/${SCRATCH}`,
        form: { fields: { deckId: w.deckId }, files: { psdfile: [buildPsd(), "card.psd"] } },
      }),
    },

    // ---- game implementation
    {
      route: "GET /api/projects/:slug/components",
      expect: maintainers,
      call: () => get(`/api/projects/${SCRATCH}/components?development=true`),
    },
    {
      route: "POST /api/projects/:slug/components",
      expect: maintainers,
      call: () => post(`/api/projects/${SCRATCH}/components?development=true`, componentTree),
    },
    {
      route: "POST /api/projects/:slug/update-dev-from-latest-table",
      expect: maintainers,
      call: () => post(`/api/projects/${GAME}/update-dev-from-latest-table`),
    },
    {
      route: "POST /api/projects/:slug/push-dev-to-production",
      expect: maintainers,
      call: async (_a, { w }) => {
        await must(
          w.as.designer.post(`/api/projects/${SCRATCH}/components?development=true`, componentTree),
          "dev components",
        );
        return post(`/api/projects/${SCRATCH}/push-dev-to-production`);
      },
    },

    // ---- balance runs (issue 22): designers and site admins. The scratch project has no shipped rules,
    // so a start is refused as a value (400) once the rights are checked, and no run 2000000000 exists (404).
    {
      route: "GET /api/projects/:slug/balance",
      expect: maintainers,
      call: () => get(`/api/projects/${SCRATCH}/balance`),
    },
    {
      route: "POST /api/projects/:slug/balance/runs",
      expect: with_(maintainers, { designer: 400, admin: 400, superadmin: 400 }),
      call: () => post(`/api/projects/${SCRATCH}/balance/runs`, { playerCounts: [2], games: 1, seed: 1 }),
    },
    ...["", "/games.csv"].map(
      (tail): HttpScenario => ({
        route: `GET /api/projects/:slug/balance/runs/:id${tail}`,
        expect: with_(maintainers, { designer: 404, admin: 404, superadmin: 404 }),
        call: () => get(`/api/projects/${SCRATCH}/balance/runs/2000000000${tail}`),
      }),
    ),
    {
      route: "POST /api/projects/:slug/balance/runs/:id/cancel",
      expect: with_(maintainers, { designer: 404, admin: 404, superadmin: 404 }),
      call: () => post(`/api/projects/${SCRATCH}/balance/runs/2000000000/cancel`),
    },
    // The report over played games: no table of the scratch project ended on version 2000000000 (404).
    ...["", "/games.csv"].map(
      (tail): HttpScenario => ({
        route: `GET /api/projects/:slug/balance/played/:version${tail}`,
        expect: with_(maintainers, { designer: 404, admin: 404, superadmin: 404 }),
        call: () => get(`/api/projects/${SCRATCH}/balance/played/2000000000${tail}`),
      }),
    ),
    // The local control routes (npm run invite, npm run seed) are not on the public app at all: they
    // listen on a loopback port of their own (http/controlServer.ts; routeVariants.test.ts).
  ];
}

import { type JsonObject, randomBot, seedRng } from "@tt/engine";
import { type ComponentTree, piecesOf, registry } from "@tt/games";
import type { TableLoadResponse } from "@tt/protocol";
import type { Socket } from "socket.io-client";
import { expect } from "vitest";

// What the tests of bots at tables share (botTables.test.ts, botLimits.test.ts).

/** One turn by a person: a random legal turn on their own view, sent as the web app sends it. */
export async function humanTurn(s: Socket, load: TableLoadResponse, seat: string) {
  const view = load.live!.situation;
  const seq = load.expected_move_id;
  const ctx = {
    module: registry.moduleFor(load.projectInfo.slug),
    rules: { pieces: piecesOf(load.components as ComponentTree), options: load.options as JsonObject },
    seq,
  };
  const actions = randomBot(view, seat, ctx, seedRng(seq + 11));
  expect(actions).not.toBeNull();
  const answer = new Promise<void>((resolve, reject) => {
    const onEvent = (m: { event?: { seq: number } }) => {
      if (m.event?.seq !== seq) return;
      s.off("table-event", onEvent);
      resolve();
    };
    s.on("table-event", onEvent);
    s.once("table-event-reject", (r: { reason: string }) => reject(new Error(r.reason)));
  });
  s.emit("game-move", {
    tableId: load.tableId,
    moveId: seq,
    turnUID: `human-${seq}`,
    editMode: false,
    actions,
  });
  await answer;
}

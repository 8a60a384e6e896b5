import { type Component, findComponent, type Situation, unpackLines, type ViewEvent } from "@tt/engine";
import type { TableEventMessage, TableInfo, TableLoadResponse, TableRejectMessage } from "@tt/protocol";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import type { Client } from "../harness";
import { abuseSuite, answerTo, codeOf } from "./suite";

// Issue 36, point 3 (docs/abuse.md): invisible peeking in edit mode. At a competitive-edit table a
// seated player, out of turn, sends raw 'look' and 'component reveal' moves that name their own
// readers (eventRecipients), hide their log line (logMessage '') or show cards to chosen players
// (forPlayers), then undoes the turn. Every one is refused; the plain look goes, everyone reads it,
// and it cannot be undone.

const suite = abuseSuite();
const { member, tab, underAttack } = suite;

let sent = 0;
function send(s: Socket, tableId: string, moveId: number, move: unknown) {
  const turnUID = `peek-${++sent}`;
  const answer = answerTo(s, turnUID);
  s.emit("game-move", { tableId, moveId, turnUID, editMode: true, actions: [{ kind: "raw move", move }] });
  return answer;
}

/** A started Night Market table at competitive-edit: `red` created it, `blue` joined. */
async function table(red: Client, blue: Client) {
  const base = "/api/projects/night-market";
  const created = await red.post(`${base}/new-table`, {
    start_position: { options: {} },
    tableMode: "competitive-edit",
  });
  expect(created.status).toBe(200);
  const { tableId } = created.json() as TableInfo;
  expect((await red.get(`${base}/join-table/${tableId}?color=red`)).status).toBe(200);
  expect((await blue.get(`${base}/join-table/${tableId}?color=blue`)).status).toBe(200);
  expect((await red.post(`${base}/${tableId}/start-table`, {})).status).toBe(200);
  return tableId;
}

describe("issue 36: invisible peeking in edit mode", { timeout: 120_000 }, () => {
  it("refuses peeks that choose their readers; the look is logged to all and cannot be undone", async () => {
    const red = await member();
    const blue = await member();
    const tableId = await table(red, blue);
    const load = (await red.get(`/api/table-open/${tableId}`)).json() as TableLoadResponse;
    const situation = load.live?.situation as Situation;
    // Out of turn: whoever does not play now attacks the other.
    const redPlays = situation.gameState.current.activePlayer === "red";
    const [attacker, victim] = redPlays ? [blue, red] : [red, blue];
    const [me, them] = redPlays ? ["blue", "red"] : ["red", "blue"];
    const deck = findComponent(situation.root, "goods-deck")?.children.deck as Component[];
    const top = (deck.at(-1) as Component).id;
    const a = await tab(attacker);
    const v = await tab(victim);
    const victimTurns: ViewEvent[] = [];
    v.on("table-event", (m: TableEventMessage) => {
      if (m.type === "game-move") victimTurns.push(m.event);
    });
    for (const s of [a, v]) await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });

    const peeks = [
      { type: "look", componentId: `area-${them}`, eventRecipients: [me] },
      { type: "look", componentId: "goods-deck", logMessage: "" },
      { type: "component reveal", componentId: top, forPlayers: [me], eventRecipients: [me] },
    ];
    // Within one socket's burst of table events (TURN_BURST 20, the subscribe included): every
    // answer is the rules', none the rate's.
    const answers = await underAttack(
      "15 edit-mode peeks naming their readers, a look, its undo",
      async () => {
        const refused: string[] = [];
        for (let round = 0; round < 5; round++)
          for (const peek of peeks) refused.push(codeOf(await send(a, tableId, 0, peek)));
        const seen = answerTo(v, `peek-${sent + 1}`);
        const look = await send(a, tableId, 0, { type: "look", componentId: `area-${them}` });
        // The victim's copy of the look, when there is one to wait for.
        if ("seq" in look) await seen;
        const turnUID = `peek-undo-${++sent}`;
        const undone = answerTo(a, turnUID);
        a.emit("undo", { tableId, moveId: 1, turnUID, editMode: true });
        return { refused, look, undo: (await undone) as TableRejectMessage };
      },
    );
    expect(new Set(answers.refused)).toEqual(new Set(["turn/edit-chooses-readers"]));
    expect(answers.look).toMatchObject({ ok: true, seq: 0 });
    expect(victimTurns.map((e) => e.seq)).toEqual([0]);
    const lines = unpackLines(victimTurns[0]?.log ?? [], victimTurns[0] as ViewEvent);
    expect(lines.map((l) => [l.message, l.event.sourcePlayer])).toEqual([[`looked at ${them}'s hand`, me]]);
    expect(answers.undo).toMatchObject({ code: "undo/not-allowed" });
    suite.figures.push(
      `  peeks refused: ${answers.refused.length} (${[...new Set(answers.refused)].join(", ")}); the look logged to ${them}: '${lines[0]?.message}'; its undo: ${answers.undo.code}`,
    );
  });
});

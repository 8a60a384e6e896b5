import { activeState, BANK_POSITION, DECK_POSITION, findPlayer } from "../access.js";
import { accepts, type ComponentInfo, componentInfo, positionSet, positionSets } from "../component-info.js";
import type { Move } from "../moves/index.js";
import { defaultSetup } from "../setup.js";
import type { Component, Situation } from "../situation.js";
import { childrenAt, findComponent } from "../tree.js";
import { DEFAULT_SIGHT_RULES } from "../view/sight.js";
import { defaultDescribeStat } from "./stats.js";
import { defaultTurnSummary } from "./summary.js";
import { defaultTurnFlags } from "./turn-flags.js";
import type { ClickDecision, HookMoves, RuleContext, RuleModule, TurnInfo } from "./types.js";

/**
 * The default module: what a table does with no game rules. Select, then place; a deck deals its
 * top card face up where you click; a bank hands out (or makes) a component; holding a component
 * and clicking a deck or bank returns it; counter buttons change counters.
 */

/** Button names of counter buttons on a player's area: 'counter:{name}:{delta}'. */
export function counterButton(counter: string, delta: number): string {
  return `counter:${counter}:${delta}`;
}

const COUNTER_BUTTON = /^counter:(.+):(-?\d+(?:\.\d+)?)$/;

function clickComponent(
  situation: Situation,
  click: { componentId: string; selected: string | null },
  turn: TurnInfo,
  ctx: RuleContext,
): ClickDecision {
  const clicked = findComponent(situation.root, click.componentId);
  if (clicked === undefined) return { kind: "nothing" };
  const held = click.selected === null ? undefined : findComponent(situation.root, click.selected);
  const holdsPiece = held !== undefined && held.type !== "deck" && held.type !== "bank";
  if (holdsPiece && clicked.type === "deck") {
    return { kind: "moves", moves: [{ type: "return to top", componentId: held.id, deckId: clicked.id }] };
  }
  if (holdsPiece && clicked.type === "bank") {
    return { kind: "moves", moves: [{ type: "move to bank", componentId: held.id, bankId: clicked.id }] };
  }
  return defaultModule.isClickable(situation, clicked.id, turn.seat, turn.editMode, ctx)
    ? { kind: "select" }
    : { kind: "nothing" };
}

function clickPosition(
  situation: Situation,
  click: { selected: string; destinationId: string; positionName: string; positionIndex?: string | number },
  turn: TurnInfo,
  ctx: RuleContext,
): HookMoves {
  const held = findComponent(situation.root, click.selected);
  const destination = findComponent(situation.root, click.destinationId);
  if (held === undefined || destination === undefined) return { prevent: ["Nothing to place."] };
  const place = {
    destinationId: click.destinationId,
    positionName: click.positionName,
    ...(click.positionIndex === undefined ? {} : { positionIndex: click.positionIndex }),
  };
  if (held.type === "deck") {
    const top = childrenAt(held, DECK_POSITION).at(-1);
    if (top === undefined) return { prevent: ["The deck is empty."] };
    return [
      { type: "component move", componentId: top.id, ...place },
      { type: "component reveal", componentId: top.id },
    ];
  }
  if (held.type === "bank") {
    const top = childrenAt(held, BANK_POSITION).at(-1);
    if (top !== undefined) return [{ type: "component move", componentId: top.id, ...place }];
    const name = held.options.contentNames?.[0];
    if (name === undefined) return { prevent: ["The bank is empty."] };
    return [{ type: "component create", name, componentType: "token", ...place }];
  }
  const set = positionSet(componentInfo(ctx.pieces, destination, situation), click.positionName);
  if (!turn.editMode && !accepts(set, held)) return { prevent: [`${held.name} cannot be placed there.`] };
  return [{ type: "component move", componentId: held.id, ...place }];
}

function pressButton(situation: Situation, componentId: string, button: string): HookMoves {
  const counter = COUNTER_BUTTON.exec(button);
  if (counter === null) return [{ type: "press button", componentId, button }];
  const owner = situation.players.find((p) => p.area === componentId);
  if (owner === undefined) return { prevent: ["Counter buttons belong to a player area."] };
  return [
    { type: "inc counter", player: owner.color, counter: counter[1] as string, amount: Number(counter[2]) },
  ];
}

function stateMessage(situation: Situation, seat: string): string {
  const state = activeState(situation);
  if (state.message !== "") return state.message;
  const active = state.activePlayer;
  const mine = active === seat || (Array.isArray(active) && active.includes(seat)) || active === "everyone";
  const who = Array.isArray(active) ? active.join(", ") : active;
  return mine ? "No instructions. your turn" : `No instructions. ${who}'s turn`;
}

/**
 * What edit mode lets a seat pick up. Every piece, deck and bank, so a table can be fixed by hand; a
 * component that holds positions of its own (a board, a tray, a player area) only when its info says
 * selectable or editModeSelectable ('selectable only in edit mode'): a click beside a board's slots
 * then misses rather than lifting the board.
 */
function editModeSelectable(component: Component, info: ComponentInfo): boolean {
  if (info.selectable || info.editModeSelectable) return true;
  if (component.type === "deck" || component.type === "bank") return true;
  return Object.keys(positionSets(info)).length === 0;
}

const none = (): Move[] => [];

export const defaultModule: RuleModule = {
  name: "default",
  setup: defaultSetup,
  clickComponent,
  clickPosition,
  pressButton: (situation, componentId, button) => pressButton(situation, componentId, button),
  pressStateButton: (_situation, button) => [{ type: "press state button", button }],
  gameEvent: none,
  autoEvaluate: none,
  delayedEvaluate: none,
  movePreventReasons: () => [],
  isClickable(situation, componentId, _seat, editMode, ctx) {
    const component = findComponent(situation.root, componentId);
    if (component === undefined) return false;
    if (editMode) return editModeSelectable(component, componentInfo(ctx.pieces, component, situation));
    const listed = activeState(situation).isClickable;
    if (listed !== null) return listed.includes(componentId);
    if (component.type === "deck" || component.type === "bank") return true;
    // The face-down draw pile is the deck's: a card is taken by clicking the deck (its top card), not
    // picked out of the pile (evaluate.ts turns a click on the pile into a click on the deck).
    if (component.childData?.positionName === DECK_POSITION) {
      const parent = component.parent === null ? undefined : findComponent(situation.root, component.parent);
      if (parent?.type === "deck") return false;
    }
    return componentInfo(ctx.pieces, component, situation).selectable;
  },
  // The same functions sight.ts falls back to, so both share one sight of a situation.
  isPosVisible: DEFAULT_SIGHT_RULES.isPosVisible,
  secrets: DEFAULT_SIGHT_RULES.secrets,
  tooltip: () => null,
  highlights(situation, seat) {
    const state = activeState(situation);
    return findPlayer(situation, seat) === undefined ? [] : (state.isClickable ?? []);
  },
  marks: () => [],
  turnBoard: () => false,
  moveList: () => null,
  stateMessage: (situation, seat) => stateMessage(situation, seat),
  gameStates: {},
  stats: () => [],
  describeStat: defaultDescribeStat,
  turnFlags: defaultTurnFlags,
  summarizeTurn: defaultTurnSummary,
};

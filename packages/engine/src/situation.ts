import type { Json, JsonObject } from "./json.js";

/** Types of the game situation (game-table.md section 3). Plain JSON, no classes. */

export type ComponentType = "token" | "board" | "deck" | "bank" | "var-display" | "card" | "clickableArea";

export interface CounterOptions {
  parentCounter?: string;
  buttonsEnabled?: boolean;
  invisibleIfZero?: boolean;
  maxValue?: number;
  displayAsComponents?: boolean;
  customIcon?: string;
  clickable?: boolean;
  marginRight?: number;
}

export interface Counter {
  name: string;
  value: number;
  options: CounterOptions;
}

export interface Player {
  color: string;
  /** Id of the player's area component. */
  area: string;
  counters: Counter[];
  stats: JsonObject;
  customAttrs: JsonObject;
  isAutoma: boolean;
}

export interface ComponentOptions {
  deckName?: string;
  cardId?: string;
  cardFlipped?: boolean;
  /** Colours that see the face of a flipped card. */
  cardUnflippedFor?: string[];
  facedown?: boolean;
  revImageName?: string;
  contentNames?: string[];
  label?: string;
  position?: string;
  [key: string]: Json | undefined;
}

export interface AnimationData {
  timestamp: number;
  offsetX: number;
  offsetY: number;
  dx: number;
  dy: number;
  duration: number;
  flipped: boolean;
}

/**
 * Where a component sits in its parent. The index inside a multi position is not stored: array
 * order is the truth, so moving one card does not rewrite every sibling of a pile.
 */
export interface ChildData {
  positionName: string;
  /** Slot key for keyed positions, null for multi positions. */
  childPos: string | null;
}

/** Children by position name: a multi position is an ordered pile, a keyed one maps slot -> component. */
export type PositionChildren = Component[] | { [slot: string]: Component };

export interface Component {
  id: string;
  name: string;
  type: ComponentType;
  options: ComponentOptions;
  children: { [positionName: string]: PositionChildren };
  parent: string | null;
  childData: ChildData | null;
  /** Component state read by conditional values and set by 'set component variable'. */
  variables?: JsonObject;
  origin?: string;
  animationData?: AnimationData;
  animationHide?: boolean;
  /**
   * Set only in a viewer's view (view/view.ts): this component stands for one the viewer may not
   * see. 'back': drawn as its back, with no identity; 'hidden': not drawn at all.
   */
  placeholder?: Placeholder;
}

export type Placeholder = "back" | "hidden";

/** Deck and bank summary kept beside the tree so a table can show counts without walking it. */
export interface Container {
  kind: "deck" | "bank";
  deckName: string | null;
  contentNames: string[];
  componentAmt: number;
  discardSize: number;
  /** cardId of the top card, only when the deck shows its top face up. */
  deckTopCard: string | null;
}

export interface Button {
  name: string;
  text: string;
  style?: string;
  disabled?: boolean;
  /** A question the table asks (confirm / reject) before pressing: for buttons that cannot be undone. */
  confirm?: string;
  /**
   * Any seated player may press it, whoever's turn it is (chess's Resign and Offer draw): the rules'
   * pressStateButton then decides for that seat. Only a turn of such presses alone is let through.
   */
  anyTurn?: boolean;
}

/** 'everyone', 'rival', a colour, or a list of colours. */
export type ActivePlayer = string | string[];

export interface DelayedEval {
  delay: number;
  data?: Json;
}

export interface GameState {
  name: string;
  activePlayer: ActivePlayer;
  message: string;
  buttons: Button[];
  editModeButtons: Button[];
  forceExpandedContainer: string | null;
  /** Positions hidden by this state: container id -> position names. */
  isPosVisible: { [componentId: string]: { [positionName: string]: boolean } } | null;
  subState: GameState | null;
  /** Component info overrides while this state is active: component id -> info fields. */
  componentOverdrive: { [componentId: string]: JsonObject };
  autoEvalState: boolean;
  delayedEval: DelayedEval | null;
  defaultSelected: string | null;
  /** Component ids clickable in this state; null leaves it to the rule module. */
  isClickable: string[] | null;
  forceSelectedComponent: string | null;
  variables: JsonObject;
}

export interface RngState {
  /** 32-bit state of the generator; every random draw advances it. */
  state: number;
}

export interface DeckCard {
  cardId: string;
  [key: string]: Json;
}

export interface DeckInfo {
  cards: DeckCard[];
  cardInfo?: { w: number; h: number };
}

export interface Situation {
  version: number;
  globals: JsonObject;
  /** Next number for ids of created components. */
  createCounter: number;
  players: Player[];
  deckData: { [deckName: string]: DeckInfo };
  root: Component;
  containers: { [componentId: string]: Container };
  stats: JsonObject;
  objectStats: { [objectId: string]: JsonObject };
  gameState: { current: GameState };
  ended: boolean;
  dataSheet: Json;
  /** Number of moves applied since the start; log messages and ids may refer to it. */
  evaledMoves: number;
  /** Selected component per seat, set by 'select component' moves. */
  selected: { [seat: string]: string | null };
  rng: RngState;
}

// Pure rules of the table creator (platform-lobby-accounts.md section 5): number of players and
// colour checkboxes, and which saved option values still apply. DOM-free so they can be unit tested.
import {
  defaultOptionValues,
  type GameOptionDto,
  MAX_PLAYERS,
  type OptionValue,
  type ProjectDetail,
} from "@tt/protocol";

/** The highest number of players the creator may pick: 4, the game's maximum and its colours. */
export function maxPlayerCount(detail: Pick<ProjectDetail, "players" | "playerColors">): number {
  return Math.max(0, Math.min(MAX_PLAYERS, detail.players.max, detail.playerColors.length));
}

function inColorOrder(colors: Iterable<string>, order: readonly string[]): string[] {
  const wanted = new Set(colors);
  return order.filter((c) => wanted.has(c));
}

/**
 * A new number of players: fewer trims the selected colours from the end (in colour order), more adds
 * the first unselected colours in colour order. The result is always in colour order.
 */
export function setPlayerCount(
  selected: readonly string[],
  count: number,
  order: readonly string[],
): string[] {
  const kept = inColorOrder(selected, order);
  const target = Math.max(0, Math.min(count, order.length));
  if (target <= kept.length) return kept.slice(0, target);
  const added = order.filter((c) => !kept.includes(c)).slice(0, target - kept.length);
  return inColorOrder([...kept, ...added], order);
}

/** Ticking a colour adds it, unticking removes it; the count follows. Adding past `max` changes nothing. */
export function toggleColor(
  selected: readonly string[],
  color: string,
  order: readonly string[],
  max: number,
): string[] {
  const kept = inColorOrder(selected, order);
  if (kept.includes(color)) return kept.filter((c) => c !== color);
  if (!order.includes(color) || kept.length >= max) return kept;
  return inColorOrder([...kept, color], order);
}

/** The colours a creator starts with: the game's minimum number of players, first colours first. */
export function initialColors(detail: Pick<ProjectDetail, "players" | "playerColors">): string[] {
  const count = Math.min(Math.max(detail.players.min, 1), maxPlayerCount(detail));
  return detail.playerColors.slice(0, count);
}

/** Local storage key of a saved option value (spec section 3). */
export function optionStorageKey(project: string, option: string): string {
  return `selected-option-${project}:${option}`;
}

/** Stored as JSON ('true', '"large"'); a bare string from an older build is read as the value. */
export function encodeOptionValue(value: OptionValue): string {
  return JSON.stringify(value);
}

export function decodeOptionValue(raw: string): OptionValue {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === "boolean" || typeof parsed === "string") return parsed;
  } catch {
    // Not JSON: a plain string value.
  }
  return raw;
}

/** Whether a value is one the option offers now: a boolean for a checkbox, an existing key for a select. */
export function optionAccepts(option: GameOptionDto, value: OptionValue): boolean {
  if (option.type === "checkbox") return typeof value === "boolean";
  return typeof value === "string" && Object.hasOwn(option.values ?? {}, value);
}

/**
 * The creator's starting option values: the defaults, overlaid with the saved values whose option and
 * value still exist (spec section 5). Saved values of removed options or values are ignored.
 */
export function startingOptionValues(
  options: Record<string, GameOptionDto>,
  project: string,
  read: (key: string) => string | null,
): Record<string, OptionValue> {
  const values = defaultOptionValues(options);
  for (const [key, option] of Object.entries(options)) {
    const raw = read(optionStorageKey(project, key));
    if (raw === null) continue;
    const saved = decodeOptionValue(raw);
    if (optionAccepts(option, saved)) values[key] = saved;
  }
  return values;
}

/** The choices of a game against bots' player count (issue 37 point 7): the offer's min to max. */
export function botPlayerCounts(offer: { players: { min: number; max: number } }): number[] {
  const { min, max } = offer.players;
  return Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i);
}

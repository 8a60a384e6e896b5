import type { GameOptionDto, TableOptionDisplay } from "./lobby";

// Game options (platform-lobby-accounts.md sections 3 and 5), shared by the table creator in the
// browser and the server that validates new tables.

export type OptionValue = string | boolean;
export type OptionMap = Record<string, GameOptionDto>;

/** Options sorted by displayOrder, then key, as the table creator lists them. */
export function sortedOptions(options: OptionMap): [string, GameOptionDto][] {
  return Object.entries(options).sort(
    (a, b) => a[1].displayOrder - b[1].displayOrder || a[0].localeCompare(b[0]),
  );
}

/** Values of a select option sorted by displayOrder. */
export function sortedValues(
  option: GameOptionDto,
): [string, NonNullable<GameOptionDto["values"]>[string]][] {
  return Object.entries(option.values ?? {}).sort((a, b) => a[1].displayOrder - b[1].displayOrder);
}

/** Default order: defaultBool, then default, then false for a checkbox, then the first value by display order. */
export function defaultOptionValue(option: GameOptionDto): OptionValue | undefined {
  if (option.defaultBool !== undefined) return option.defaultBool;
  if (option.default !== undefined) return option.default;
  if (option.type === "checkbox") return false;
  return sortedValues(option)[0]?.[0];
}

export function defaultOptionValues(options: OptionMap): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  for (const [key, option] of Object.entries(options)) {
    const v = defaultOptionValue(option);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** Shown only if, for each referenced option, the current value equals eq and differs from ne. */
export function optionConditionHolds(option: GameOptionDto, values: Record<string, OptionValue>): boolean {
  for (const [key, rule] of Object.entries(option.condition ?? {})) {
    const current = values[key];
    if (rule.eq !== undefined && current !== rule.eq) return false;
    if (rule.ne !== undefined && current === rule.ne) return false;
  }
  return true;
}

/** The options a user may see: hidden options and hidden values only for privileged users. */
export function visibleOptions(options: OptionMap, privileged: boolean): OptionMap {
  if (privileged) return options;
  const out: OptionMap = {};
  for (const [key, option] of Object.entries(options)) {
    if (option.hidden) continue;
    const values = option.values
      ? Object.fromEntries(Object.entries(option.values).filter(([, v]) => !v.hidden))
      : undefined;
    out[key] = values ? { ...option, values } : option;
  }
  return out;
}

export type ResolvedOptions =
  | { ok: true; values: Record<string, OptionValue> }
  | { ok: false; message: string };

/**
 * The option values of a new table: each option the user may set takes the requested value when it is
 * valid, else its default. Requested keys that no longer exist are dropped (saved values of removed
 * options); a value the option does not offer this user is refused.
 */
export function resolveOptionValues(
  options: OptionMap,
  requested: Record<string, OptionValue>,
  privileged: boolean,
): ResolvedOptions {
  const visible = visibleOptions(options, privileged);
  const values = defaultOptionValues(options);
  for (const [key, value] of Object.entries(requested)) {
    const option = visible[key];
    if (!option) continue;
    if (option.type === "checkbox") {
      if (typeof value !== "boolean")
        return { ok: false, message: `Option '${option.displayName}' must be on or off.` };
    } else if (typeof value !== "string" || !option.values?.[value]) {
      return { ok: false, message: `Option '${option.displayName}' has no value '${String(value)}'.` };
    }
    values[key] = value;
  }
  return { ok: true, values };
}

/**
 * A table's option values as a user may see them (the values a table was created with carry hidden
 * ones too). For a user who is not privileged: no hidden option, and no option whose chosen value is
 * hidden (its value alone would tell it, e.g. 'sprint'). A value this user could not have chosen
 * (an option or value since removed from the project, or of the wrong kind) is left out as well: what
 * the project no longer describes cannot be shown to be harmless.
 */
export function visibleOptionValues(
  options: OptionMap,
  values: Record<string, OptionValue>,
  privileged: boolean,
): Record<string, OptionValue> {
  if (privileged) return { ...values };
  const visible = visibleOptions(options, false);
  const out: Record<string, OptionValue> = {};
  for (const [key, value] of Object.entries(values)) {
    const option = visible[key];
    if (!option) continue;
    const offered =
      option.type === "checkbox"
        ? typeof value === "boolean"
        : typeof value === "string" && !!option.values?.[value];
    if (offered) out[key] = value;
  }
  return out;
}

/**
 * The options a tile shows: visible ones with a visible value whose condition holds, with display
 * names. Conditions are read on the visible values too, so whether an option shows tells nothing of a
 * hidden one.
 */
export function displayOptions(
  options: OptionMap,
  values: Record<string, OptionValue>,
  privileged: boolean,
): Record<string, TableOptionDisplay> {
  const shown = visibleOptionValues(options, values, privileged);
  const out: Record<string, TableOptionDisplay> = {};
  for (const [key, option] of sortedOptions(visibleOptions(options, privileged))) {
    const value = shown[key];
    if (value === undefined || !optionConditionHolds(option, shown)) continue;
    const v = typeof value === "string" ? option.values?.[value] : undefined;
    const display =
      typeof value === "boolean"
        ? value
          ? "Yes"
          : "No"
        : privileged && v?.hiddenDisplay
          ? v.hiddenDisplay
          : (v?.displayName ?? value);
    out[key] = { display_name: option.displayName, display_value: display, value };
  }
  return out;
}

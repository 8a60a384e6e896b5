import { defaultModule } from "./default.js";
import type { PartialRuleModule, RuleModule } from "./types.js";

/** Fills every hook a game omits with the default module's, so callers never check for gaps. */
export function resolveModule(partial: PartialRuleModule): RuleModule {
  const resolved = { ...defaultModule } as Record<string, unknown>;
  for (const [key, value] of Object.entries(partial)) {
    if (value !== undefined) resolved[key] = value;
  }
  return resolved as unknown as RuleModule;
}

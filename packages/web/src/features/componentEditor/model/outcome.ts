/** A rule's answer: the new value, or the spec's message saying why not (refusals are values). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refused = <T = never>(error: string): Outcome<T> => ({ ok: false, error });

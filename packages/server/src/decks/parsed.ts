// What the deck file parsers answer. An upload a designer got wrong is an expected outcome, not an
// exception: the route shows the message as the upload's status text (admin-decks-editor.md section 8).

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function refuse(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

/** '12 MB' for the messages that name a size limit. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

// Images a designer can preview positions and areas on (admin-decks-editor.md section 2): the project's
// global assets, and the piece's own image when it names one.
import type { Json } from "@tt/engine";

export interface BackgroundChoice {
  label: string;
  url: string;
}

/** A piece image name as a URL: bare file names are the project's shipped game assets. */
export function imageUrl(slug: string, name: string): string {
  if (name === "") return "";
  if (name.includes("/")) return name;
  return `/game-assets/${encodeURIComponent(slug)}/${encodeURIComponent(name)}`;
}

/** The piece's image first (when it is plain text), then each asset once. */
export function backgroundChoices(
  slug: string,
  pieceImage: Json | undefined,
  assets: readonly { name: string; url: string }[],
): BackgroundChoice[] {
  const choices: BackgroundChoice[] = [];
  if (typeof pieceImage === "string" && pieceImage !== "")
    choices.push({ label: `Piece image (${pieceImage})`, url: imageUrl(slug, pieceImage) });
  for (const a of assets)
    if (!choices.some((c) => c.url === a.url)) choices.push({ label: a.name, url: a.url });
  return choices;
}

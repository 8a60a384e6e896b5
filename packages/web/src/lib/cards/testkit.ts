import { type Deck, deckSchema } from "@tt/engine";

/** A small deck for the cards tests: 250 x 350, a background, a frame, a title and a body text. */
export function sampleDeck(extra: Partial<Deck> = {}): Deck {
  return deckSchema.parse({
    id: "d1",
    name: "Goods",
    cardInfo: { w: 250, h: 350 },
    layers: [
      { name: "bg", kind: "image", left: 0, top: 0, width: 250, height: 350, asset: "bg.png" },
      {
        name: "gem",
        kind: "image",
        left: 10,
        top: 10,
        width: 20,
        height: 20,
        hidden: true,
        asset: "gem.png",
      },
      {
        name: "title",
        kind: "text",
        left: 20,
        top: 20,
        width: 210,
        height: 40,
        text: { value: "Title", font: "Georgia", size: 20, color: "#112233", align: "center" },
      },
      {
        name: "body",
        kind: "text",
        left: 20,
        top: 200,
        width: 210,
        height: 120,
        text: { value: "Body", font: "Arial", size: 14, color: "#000000", align: "left" },
      },
    ],
    rules: [
      { layer: "title", rule: "set_innerHTML", arg: "<b>{name}</b>" },
      { layer: "body", rule: "set_innerHTML", arg: "{text}" },
    ],
    rulesRev: [{ layer: "title", rule: "set_innerHTML", arg: "Back of {name}" }],
    cards: [
      { ID: "fox", name: "Fox", text: "Gain 2 [coin]", __copies: 2 },
      { ID: "owl", name: "Owl", text: "Look", _exclude: "x" },
      { ID: "elk", name: "Elk", text: "Big", __count: 3 },
    ],
    assets: {
      "bg.png": { url: "/api/storage/projects/p/decks/d1/bg.png", aspect: 250 / 350 },
      "gem.png": { url: "/api/storage/projects/p/decks/d1/gem.png", aspect: 1 },
      "coin.png": { url: "/api/storage/projects/p/decks/d1/coin.png", aspect: 1 },
      "full.png": { url: "/api/storage/projects/p/decks/d1/full.png", aspect: 250 / 350 },
      "evil.png": { url: "javascript:alert(1)", aspect: 1 },
    },
    ...extra,
  });
}

/** A 1 x 1 PNG. */
export const TINY_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

import { describe, expect, it } from "vitest";
import { type CardRow, type CardRule, type Deck, deckSchema } from "./deck.js";
import { MAX_CARD_RULES } from "./errors.js";
import { renderCard, renderCardDetailed } from "./render.js";
import { DEFAULT_CARD_FONT, ruleKindOf } from "./rule-context.js";
import { iconHtml } from "./template.js";
import { CARD_INFO_MISSING } from "./viewer.js";

const asset = (name: string) => ({ url: `https://cdn/${name}`, aspect: 1 });

function deckWith(rules: CardRule[], extra: Partial<Deck> = {}): Deck {
  return deckSchema.parse({
    id: "d1",
    name: "Goods",
    cardInfo: { w: 750, h: 1050 },
    layers: [
      { name: "bg", kind: "image", left: 0, top: 0, width: 750, height: 1050, asset: "bg.png" },
      { name: "Frame/border", kind: "image", left: 0, top: 0, width: 750, height: 1050, asset: "border.png" },
      {
        name: "Frame/gem",
        kind: "image",
        left: 10,
        top: 10,
        width: 50,
        height: 50,
        hidden: true,
        asset: "gem.png",
      },
      {
        name: "title",
        kind: "text",
        left: 50,
        top: 40,
        width: 650,
        height: 80,
        text: { value: "Title <here>", font: "Arial", size: 20, color: "#112233", align: "center" },
      },
      {
        name: "Body/text",
        kind: "text",
        left: 50,
        top: 600,
        width: 650,
        height: 300,
        text: { value: "Body", font: "Georgia", size: 14, color: "#000000", align: "left" },
      },
    ],
    rules,
    assets: Object.fromEntries(
      ["bg.png", "border.png", "gem.png", "coin.png", "fox.png", "full.png"].map((n) => [n, asset(n)]),
    ),
    ...extra,
  });
}

const fox: CardRow = { ID: "fox", name: "Fox", text: "Gain 2 [coin]", type: "Animal", art: "fox", rare: "x" };

function layer(deck: Deck, row: CardRow, name: string, options = {}) {
  const found = renderCard(deck, row, options).layers.find((l) => l.name === name);
  if (found === undefined) throw new Error(`no layer ${name}`);
  return found;
}

describe("renderCard: the template", () => {
  it("draws the .psd as uploaded when there are no rules", () => {
    const card = renderCard(deckWith([]), fox);
    expect(card).toMatchObject({
      width: 750,
      height: 1050,
      bleed: 0,
      flatImage: null,
      overlay: true,
      errors: [],
    });
    expect(card.layers.map((l) => [l.name, l.visible, l.image])).toEqual([
      ["bg", true, "bg.png"],
      ["Frame/border", true, "border.png"],
      ["Frame/gem", false, "gem.png"],
      ["title", true, null],
      ["Body/text", true, null],
    ]);
    expect(card.layers[3]).toEqual({
      name: "title",
      kind: "text",
      left: 50,
      top: 40,
      width: 650,
      height: 80,
      visible: true,
      image: null,
      html: "Title &lt;here&gt;",
      css: {},
      font: { family: "Arial", size: 20, color: "#112233", align: "center" },
      notice: null,
    });
    expect(card.layers[0]?.html).toBeNull();
    expect(card.layers[0]?.font).toBeNull();
  });

  it("reports a missing card size with the spec's message", () => {
    const card = renderCard(deckWith([], { cardInfo: null }), fox);
    expect([card.width, card.height]).toEqual([0, 0]);
    expect(card.errors).toEqual([CARD_INFO_MISSING]);
  });

  it("never changes the deck or the row", () => {
    const deck = deckWith([
      { layer: "title", rule: "set_innerHTML", arg: "{name}" },
      { layer: "title", rule: "css", arg: "color", arg2: "red" },
      { layer: "Body/text", rule: "long_text_size", arg: "1", arg2: "9" },
    ]);
    const before = JSON.parse(JSON.stringify(deck));
    const row = { ...fox };
    const card = renderCard(deck, row);
    card.layers[3]!.css.x = "y";
    expect(deck).toEqual(before);
    expect(row).toEqual(fox);
    expect(renderCard(deck, row).layers[3]?.css).toEqual({ color: "red" });
  });
});

describe("renderCard: layer rules", () => {
  it("set_innerHTML fills columns and icons into the layer's html", () => {
    const deck = deckWith([
      { layer: "title", rule: "set_innerHTML", arg: "<b>{name}</b>" },
      { layer: "Body/text", rule: "set_innerHTML", arg: "{text}!" },
    ]);
    expect(layer(deck, fox, "title").html).toBe("<b>Fox</b>");
    expect(layer(deck, fox, "Body/text").html).toBe(`Gain 2 ${iconHtml("coin", "coin.png")}!`);
  });

  it("set_innerHTML with malformed text shows it raw and reports the spec's message once", () => {
    const deck = deckWith([
      { layer: "title", rule: "set_innerHTML", arg: "{name" },
      { layer: "Body/text", rule: "set_innerHTML", arg: "[coin" },
    ]);
    const card = renderCard(deck, fox);
    expect(card.layers[3]?.html).toBe("{name");
    expect(card.layers[4]?.html).toBe("[coin");
    expect(card.errors).toEqual(["Malformed icon variable text."]);
    // The message sits on each layer whose text is malformed, for every renderer to draw there.
    expect(card.layers.map((l) => l.notice)).toEqual([
      null,
      null,
      null,
      "Malformed icon variable text.",
      "Malformed icon variable text.",
    ]);
    const { problems } = renderCardDetailed(deck, fox);
    expect(problems.map((p) => [p.code, p.layer, p.rule])).toEqual([
      ["card/malformed-text", "title", 0],
      ["card/malformed-text", "Body/text", 1],
    ]);
  });

  it("a later set_innerHTML with well-formed text takes the malformed text's message away", () => {
    const deck = deckWith([
      { layer: "title", rule: "set_innerHTML", arg: "{name" },
      { layer: "title", rule: "set_innerHTML", arg: "{name}" },
    ]);
    expect(layer(deck, fox, "title")).toMatchObject({ html: "Fox", notice: null });
  });

  it("set_innerHTML on an image layer gives it html in the default font", () => {
    const bg = layer(deckWith([{ layer: "bg", rule: "set_innerHTML", arg: "hi" }]), fox, "bg");
    expect([bg.html, bg.font]).toEqual(["hi", DEFAULT_CARD_FONT]);
  });

  it.each([
    ["true", true],
    ["1", true],
    ["x", true],
    ["false", false],
    ["0", false],
    ["{rare}", true],
    ["{missing}", false],
    ["{type}", true],
  ])("layer_visible %s -> %s", (arg, visible) => {
    expect(layer(deckWith([{ layer: "title", rule: "layer_visible", arg }]), fox, "title").visible).toBe(
      visible,
    );
    expect(
      layer(deckWith([{ layer: "Frame/gem", rule: "layer_visible", arg }]), fox, "Frame/gem").visible,
    ).toBe(visible);
  });

  it("a rule on a group applies to every layer in it; an unknown full name falls back to the last segment", () => {
    const card = renderCard(deckWith([{ layer: "Frame", rule: "layer_visible", arg: "0" }]), fox);
    expect(card.layers.filter((l) => l.name.startsWith("Frame/")).map((l) => l.visible)).toEqual([
      false,
      false,
    ]);
    expect(layer(deckWith([{ layer: "text", rule: "set_innerHTML", arg: "t" }]), fox, "Body/text").html).toBe(
      "t",
    );
  });

  it("css sets kebab-case properties from templates; an empty value removes one", () => {
    const deck = deckWith([
      { layer: "title", rule: "css", arg: "fontWeight", arg2: "bold" },
      { layer: "title", rule: "css", arg: "color", arg2: " {colour} " },
      { layer: "title", rule: "css", arg: "--accent", arg2: "#fff" },
      { layer: "title", rule: "css", arg: "font-weight", arg2: "" },
    ]);
    expect(layer(deck, { colour: "red" }, "title").css).toEqual({ color: "red", "--accent": "#fff" });
  });

  it("css refuses a bad property or a value that could carry other properties", () => {
    const card = renderCard(
      deckWith([
        { layer: "title", rule: "css", arg: "co lor", arg2: "red" },
        { layer: "title", rule: "css", arg: "color", arg2: "red; position: fixed" },
        { layer: "title", rule: "css", arg2: "red" },
      ]),
      fox,
    );
    expect(card.layers[3]?.css).toEqual({});
    expect(card.errors).toEqual([
      'Invalid css property "co lor".',
      'Invalid css value "red; position: fixed".',
      "Rule css needs an argument.",
    ]);
  });

  it("set_image picks a deck asset by templated name; empty means no image; unknown is reported", () => {
    expect(layer(deckWith([{ layer: "bg", rule: "set_image", arg: "{art}" }]), fox, "bg").image).toBe(
      "fox.png",
    );
    expect(layer(deckWith([{ layer: "bg", rule: "set_image", arg: "{none}" }]), fox, "bg").image).toBeNull();
    const card = renderCard(deckWith([{ layer: "bg", rule: "set_image", arg: "wolf" }]), fox);
    expect(card.layers[0]?.image).toBeNull();
    expect(card.errors).toEqual(['Cannot find asset "wolf".']);
  });

  it("set_font changes family and size in px, keeping whichever is blank", () => {
    const font = (rules: CardRule[]) => layer(deckWith(rules), fox, "title").font;
    expect(font([{ layer: "title", rule: "set_font", arg: "Times", arg2: "12" }])).toEqual({
      family: "Times",
      size: 12,
      color: "#112233",
      align: "center",
    });
    expect(font([{ layer: "title", rule: "set_font", arg2: "18px" }])).toMatchObject({
      family: "Arial",
      size: 18,
    });
    expect(font([{ layer: "title", rule: "set_font", arg: "Mono" }])).toMatchObject({
      family: "Mono",
      size: 20,
    });
    const card = renderCard(deckWith([{ layer: "title", rule: "set_font", arg: "Mono", arg2: "big" }]), fox);
    expect(card.layers[3]?.font?.family).toBe("Arial");
    expect(card.errors).toEqual(['Rule set_font needs a number, not "big".']);
    expect(renderCard(deckWith([{ layer: "title", rule: "set_font" }]), fox).errors).toEqual([
      "Rule set_font needs an argument.",
    ]);
  });

  it("long_text_size shrinks long text, measured on the final text, largest exceeded length winning", () => {
    const rules: CardRule[] = [
      { layer: "Body/text", rule: "long_text_size", arg: "20", arg2: "10" },
      { layer: "Body/text", rule: "long_text_size", arg: "10", arg2: "12" },
      { layer: "Body/text", rule: "set_innerHTML", arg: "{text}" },
      { layer: "Body/text", rule: "set_font", arg2: "16" },
    ];
    const size = (text: string) => layer(deckWith(rules), { text }, "Body/text").font?.size;
    expect(size("short")).toBe(16);
    expect(size("x".repeat(11))).toBe(12);
    expect(size("x".repeat(21))).toBe(10);
    // Tags do not count and an icon counts as one character.
    expect(size(`<i>${"x".repeat(9)}</i>[coin]`)).toBe(16);
    expect(size(`<i>${"x".repeat(10)}</i>[coin]`)).toBe(12);
  });

  it("long_text_size needs both numbers", () => {
    const card = renderCard(deckWith([{ layer: "title", rule: "long_text_size", arg: "10" }]), fox);
    expect(card.errors).toEqual(["Rule long_text_size needs an argument."]);
  });
});

describe("renderCard: global rules", () => {
  it("bleed sets the print margin in px", () => {
    expect(renderCard(deckWith([{ layer: "", rule: "bleed", arg: "36" }]), fox).bleed).toBe(36);
    expect(renderCard(deckWith([{ layer: "*", rule: "bleed", arg: "4.5px" }]), fox).bleed).toBe(4.5);
    const card = renderCard(deckWith([{ layer: "", rule: "bleed", arg: "-3" }]), fox);
    expect([card.bleed, card.errors]).toEqual([0, ['Rule bleed needs a number, not "-3".']]);
  });

  it("flatImage makes the whole card one image, with the layers over it unless disableOverlay", () => {
    const flat = renderCard(deckWith([{ layer: "", rule: "flatImage", arg: "{file}" }]), { file: "full" });
    expect([flat.flatImage, flat.overlay, flat.layers.filter((l) => l.visible).length]).toEqual([
      "full.png",
      true,
      4,
    ]);
    const bare = renderCard(
      deckWith([
        { layer: "", rule: "flatImage", arg: "full.png" },
        { layer: "", rule: "disableOverlay" },
      ]),
      fox,
    );
    expect([bare.flatImage, bare.overlay, bare.layers.some((l) => l.visible)]).toEqual([
      "full.png",
      false,
      false,
    ]);
  });

  it("disableOverlay takes an optional yes/no", () => {
    const overlay = (arg: string) =>
      renderCard(deckWith([{ layer: "", rule: "disableOverlay", arg }]), { off: "0" }).overlay;
    expect(overlay("x")).toBe(false);
    expect(overlay("0")).toBe(true);
    expect(overlay("{off}")).toBe(true);
  });

  it("a layer named on a global rule is ignored; a layer rule without a layer is reported", () => {
    expect(renderCard(deckWith([{ layer: "title", rule: "bleed", arg: "5" }]), fox).bleed).toBe(5);
    expect(
      renderCard(deckWith([{ layer: "*", rule: "css", arg: "color", arg2: "red" }]), fox).errors,
    ).toEqual(["Rule css needs a layer."]);
  });
});

describe("renderCard: order, conditions, sides and problems", () => {
  it("applies rules in order, a later rule on the same layer winning", () => {
    const deck = deckWith([
      { layer: "title", rule: "set_innerHTML", arg: "first" },
      { layer: "title", rule: "layer_visible", arg: "0" },
      { layer: "title", rule: "set_innerHTML", arg: "second" },
      { layer: "title", rule: "layer_visible", arg: "1" },
    ]);
    expect(layer(deck, fox, "title")).toMatchObject({ html: "second", visible: true });
  });

  it("skips a rule whose condition fails", () => {
    const deck = deckWith([
      { layer: "title", rule: "set_innerHTML", arg: "animal", condition: "type=Animal,Beast" },
      { layer: "title", rule: "set_innerHTML", arg: "plant", condition: "type=Plant" },
      { layer: "Frame/gem", rule: "layer_visible", arg: "1", condition: "rare" },
      { layer: "bg", rule: "layer_visible", arg: "0", condition: "type!=Animal" },
      { layer: "", rule: "bleed", arg: "9", condition: "!rare" },
    ]);
    const card = renderCard(deck, fox);
    expect(card.layers.map((l) => l.visible)).toEqual([true, true, true, true, true]);
    expect(card.layers[3]?.html).toBe("animal");
    expect(card.bleed).toBe(0);
    const plain = renderCard(deck, { type: "Plant" });
    expect(plain.layers[3]?.html).toBe("plant");
    expect(plain.layers.map((l) => l.visible)).toEqual([false, true, false, true, true]);
    expect(plain.bleed).toBe(9);
  });

  it("reports a bad condition and skips its rule", () => {
    const card = renderCard(
      deckWith([{ layer: "title", rule: "set_innerHTML", arg: "x", condition: "=Animal" }]),
      fox,
    );
    expect(card.layers[3]?.html).toBe("Title &lt;here&gt;");
    expect(card.errors).toEqual(['Invalid condition "=Animal".']);
  });

  it("renders the reverse side with rulesRev", () => {
    const deck = deckWith([{ layer: "title", rule: "set_innerHTML", arg: "front" }], {
      rulesRev: [{ layer: "title", rule: "set_innerHTML", arg: "back of {name}" }],
    });
    expect(layer(deck, fox, "title").html).toBe("front");
    expect(layer(deck, fox, "title", { rev: true }).html).toBe("back of Fox");
  });

  it("reports unknown rules and layers without throwing, and draws the rest", () => {
    const deck = deckWith([
      { layer: "title", rule: "blink", arg: "1" },
      { layer: "subtitle", rule: "set_innerHTML", arg: "x" },
      { layer: "title", rule: "SET_INNERHTML", arg: "ok" },
    ]);
    const { card, problems } = renderCardDetailed(deck, fox);
    expect(card.layers[3]?.html).toBe("ok");
    expect(card.errors).toEqual([
      'Unknown rule "blink".',
      'Cannot find layer "subtitle" for rule set_innerHTML.',
    ]);
    expect(problems.map((p) => p.code)).toEqual(["card/unknown-rule", "card/unknown-layer"]);
    expect(ruleKindOf(" layer_VISIBLE ")).toBe("layer_visible");
    expect(ruleKindOf("nope")).toBeNull();
  });

  it("applies at most MAX_CARD_RULES rules", () => {
    const rules: CardRule[] = Array.from({ length: MAX_CARD_RULES + 1 }, (_, i) => ({
      layer: "title",
      rule: "set_innerHTML",
      arg: String(i),
    }));
    const card = renderCard(deckWith(rules), fox);
    expect(card.layers[3]?.html).toBe(String(MAX_CARD_RULES - 1));
    expect(card.errors).toEqual([`Too many rules: only the first ${MAX_CARD_RULES} are applied.`]);
  });

  it("reports an argument that is missing or malformed outside html and skips the rule", () => {
    const card = renderCard(
      deckWith([
        { layer: "title", rule: "layer_visible" },
        { layer: "title", rule: "layer_visible", arg: "{rare" },
        { layer: "", rule: "flatImage", arg: "  " },
      ]),
      fox,
    );
    expect(card.layers[3]?.visible).toBe(true);
    expect(card.errors).toEqual([
      "Rule layer_visible needs an argument.",
      "Malformed icon variable text.",
      "Rule flatImage needs an argument.",
    ]);
  });
});

import { z } from "zod";

/**
 * The card deck as the card viewer, print view and game table receive it (admin-decks-editor.md
 * section 3): a template read from the .psd (cardInfo + layers), rules and cards read from the
 * spreadsheet, and the deck's assets. Everything is plain JSON; these schemas are the one place
 * that says what that JSON looks like.
 */

/** Version of the persisted deck JSON; bump it and add a migration in DECK_MIGRATIONS. */
export const DECK_VERSION = 1;

/** Spreadsheet cells arrive as strings, numbers, booleans or null; rules read them as text. */
const cellText = z.preprocess(
  (v) => (v === null || v === undefined ? undefined : typeof v === "string" ? v : String(v)),
  z.string().optional(),
);

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "colour must be #rrggbb");

/**
 * One style run of a .psd text: `length` characters of the value (UTF-16 units, in order, the runs
 * together covering the value), drawn in their own font, size, colour, weight or slant. Absent
 * fields are the layer's own.
 */
export const deckTextRunSchema = z.object({
  length: z.number().int().nonnegative(),
  font: z.string().optional(),
  size: z.number().positive().optional(),
  color: hexColor.optional(),
  /** Photoshop's faux bold and faux italic, on top of what the font name says. */
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
});

export const deckLayerTextSchema = z.object({
  value: z.string(),
  /** The PostScript name as the .psd stores it ('Arial-BoldMT'), or a family. */
  font: z.string(),
  size: z.number().nonnegative(),
  color: hexColor,
  align: z.enum(["left", "center", "right", "justify"]),
  /**
   * Photoshop's two kinds of text: 'point' text is one line per typed line that never wraps and grows
   * from its anchor with its alignment (the layer's box is where the sample text was drawn); 'box'
   * (paragraph) text wraps inside its frame. Absent in decks read before this was kept: box.
   */
  kind: z.enum(["point", "box"]).optional(),
  /** Line height in px (Photoshop's leading); absent: auto leading, 120% of the size. */
  leading: z.number().positive().optional(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  /** Style runs; absent or a single run: the whole text in the layer's style. */
  runs: z.array(deckTextRunSchema).optional(),
});

export const deckLayerSchema = z.object({
  /** Groups are flattened into the name: "Group/Sub/Layer". */
  name: z.string(),
  kind: z.enum(["image", "text"]),
  /** Pixels in card space (the .psd canvas). */
  left: z.number(),
  top: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
  hidden: z.boolean().default(false),
  /** File name of the layer's PNG, for image layers. */
  asset: z.string().optional(),
  text: deckLayerTextSchema.optional(),
});

export const cardRuleSchema = z.object({
  layer: cellText.transform((v) => v ?? ""),
  rule: cellText.transform((v) => v ?? ""),
  arg: cellText,
  arg2: cellText,
  condition: cellText,
});

export const cardRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const cardInfoSchema = z.object({ w: z.number().positive(), h: z.number().positive() });

/** What the server read from an uploaded font file's own tables: how cards may name it. */
export const deckFontSchema = z.object({
  /** The typographic family ('Cinzel'). */
  family: z.string(),
  /** The PostScript name ('Cinzel-Bold'), as a .psd names the font. */
  postScript: z.string(),
  weight: z.number().int().min(1).max(1000),
  italic: z.boolean(),
});

export const deckAssetSchema = z.object({
  url: z.string(),
  /** Width divided by height, so icons can be laid out before their image loads. */
  aspect: z.number(),
  /** Set on a font file (.ttf, .otf, .woff, .woff2): every view declares it for the deck's cards. */
  font: deckFontSchema.optional(),
});

export const deckSchema = z.object({
  /** Absent in data written before versioning; parseDeck stamps it. */
  version: z.number().int().positive().optional(),
  id: z.string(),
  name: z.string(),
  sheetId: z.string().default(""),
  rulesSheetName: z.string().default("rules"),
  rulesRevSheetName: z.string().default("rules_rev"),
  dataSheetName: z.string().default("data"),
  /** Null until a .psd is uploaded. */
  cardInfo: cardInfoSchema.nullable().default(null),
  /** Bottom to top, as in the .psd. */
  layers: z.array(deckLayerSchema).default([]),
  rules: z.array(cardRuleSchema).default([]),
  rulesRev: z.array(cardRuleSchema).default([]),
  cards: z.array(cardRowSchema).default([]),
  assets: z.record(z.string(), deckAssetSchema).default({}),
  /**
   * The sheet row number of each card, rule and reverse rule, as the sheets were read: a report names
   * rows as the designer sees them (blank and hidden rows in between). Absent: counted from row 2.
   */
  sheetRows: z
    .object({
      cards: z.array(z.number().int()),
      rules: z.array(z.number().int()),
      rulesRev: z.array(z.number().int()),
    })
    .partial()
    .optional(),
  /** What reading the sheets left out: hidden rows and columns, rule rows without a rule. */
  sheetNotes: z.array(z.string()).optional(),
  /**
   * What reading the .psd could not keep as the file has it: warped text drawn flat, colours converted
   * from CMYK or 16 bits per channel. Replaced by each .psd upload.
   */
  psdNotes: z.array(z.string()).optional(),
});

export type DeckLayerText = z.infer<typeof deckLayerTextSchema>;
export type DeckTextRun = z.infer<typeof deckTextRunSchema>;
export type DeckFont = z.infer<typeof deckFontSchema>;
export type DeckLayer = z.infer<typeof deckLayerSchema>;
export type CardRule = z.infer<typeof cardRuleSchema>;
export type CardRow = z.infer<typeof cardRowSchema>;
export type CardInfo = z.infer<typeof cardInfoSchema>;
export type DeckAsset = z.infer<typeof deckAssetSchema>;
export type Deck = z.infer<typeof deckSchema>;

export interface RenderedFont {
  /** A font name as given (a PostScript name from the .psd, or set_font's family); see fonts.ts. */
  family: string;
  /** Pixels. */
  size: number;
  color: string;
  align: "left" | "center" | "right" | "justify";
  /** CSS weight; absent: what the family name says (400 for a plain family). */
  weight?: number;
  italic?: boolean;
  underline?: boolean;
  /** Line height in px; absent: 120% of the size, Photoshop's auto leading. */
  leading?: number;
  /** False for point text: lines never wrap and grow from the anchor with the alignment. */
  wrap?: boolean;
}

export interface RenderedLayer {
  name: string;
  kind: "image" | "text";
  left: number;
  top: number;
  width: number;
  height: number;
  visible: boolean;
  /** Asset file name; resolve it through deck.assets (assetUrl). */
  image: string | null;
  /** Not sanitised here: the web sanitises before it touches the DOM. */
  html: string | null;
  /** Kebab-case CSS property names ("font-weight"), as in a stylesheet. */
  css: Record<string, string>;
  font: RenderedFont | null;
  /**
   * A message every renderer draws on the layer itself, debug or not: 'Malformed icon variable text.'
   * when the layer's text is malformed (the raw text is still drawn, so the designer sees what to fix).
   */
  notice: string | null;
}

export interface RenderedCard {
  /** The .psd canvas size (cardInfo), bleed included. */
  width: number;
  height: number;
  /** Print margin in px on each side; screens crop it, print keeps it. */
  bleed: number;
  /** Asset file name of an image that replaces the whole card, or null. */
  flatImage: string | null;
  /** With a flat image: whether the layers are drawn over it (false after disableOverlay). */
  overlay: boolean;
  /** Bottom to top. */
  layers: RenderedLayer[];
  /** Distinct messages, in the order they first occurred. */
  errors: string[];
}

/** Ordered migrations: DECK_MIGRATIONS[v] turns version v JSON into version v + 1. None yet. */
const DECK_MIGRATIONS: Record<number, (json: Record<string, unknown>) => Record<string, unknown>> = {};

export type DeckParse = { ok: true; value: Deck } | { ok: false; code: "deck/invalid"; issues: string[] };

/** Reads persisted deck JSON: migrates it to DECK_VERSION, then validates and fills defaults. */
export function parseDeck(input: unknown): DeckParse {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, code: "deck/invalid", issues: ["deck must be an object"] };
  }
  let json = input as Record<string, unknown>;
  let version = typeof json.version === "number" ? json.version : DECK_VERSION;
  if (version > DECK_VERSION) {
    return { ok: false, code: "deck/invalid", issues: [`deck version ${version} is newer than this code`] };
  }
  while (version < DECK_VERSION) {
    const migrate = DECK_MIGRATIONS[version];
    if (migrate === undefined) {
      return { ok: false, code: "deck/invalid", issues: [`no migration from deck version ${version}`] };
    }
    json = migrate(json);
    version++;
  }
  const parsed = deckSchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      code: "deck/invalid",
      issues: parsed.error.issues.map((i) => `${i.path.join(".") || "deck"}: ${i.message}`),
    };
  }
  return { ok: true, value: { ...parsed.data, version: DECK_VERSION } };
}

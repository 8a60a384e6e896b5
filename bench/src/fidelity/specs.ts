// The card templates the fidelity bench makes itself (makeFixtures.ts writes them as .psd files): what
// Photoshop would store for each text layer, and enough for the reference renderer (reference.ts) to
// draw it without our card renderer. Data only; imported by the browser bundle too (types and values).

export type Rgb = readonly [number, number, number];

/** A font as Photoshop names it (PostScript name) and as a canvas asks for it (family, weight, slant). */
export interface FontSpec {
  postScript: string;
  family: string;
  weight: 400 | 700;
  italic: boolean;
}

/** A stretch of the text in its own style; what it leaves out is the layer's. */
export interface RunSpec {
  length: number;
  font?: FontSpec;
  size?: number;
  color?: Rgb;
}

export interface TextLayerSpec {
  name: string;
  /** Paragraphs separated by '\n' (ag-psd stores them with Photoshop's '\r'). */
  text: string;
  /** Point text: one line per paragraph, never wrapped. Box (paragraph) text: wrapped in its frame. */
  kind: "point" | "box";
  align: "left" | "center" | "right" | "justify";
  /** Point text: the anchor, the first line's baseline origin. Box text: the frame's top-left corner. */
  x: number;
  y: number;
  /** Box text only. */
  box?: { width: number; height: number };
  font: FontSpec;
  size: number;
  color: Rgb;
  runs?: RunSpec[];
}

export interface FixtureSpec {
  /** File name under bench/fixtures/fidelity/. */
  file: string;
  /** What the file exercises, for the report. */
  about: string;
  width: number;
  height: number;
  background: Rgb;
  /** Bottom to top, above the background. */
  layers: TextLayerSpec[];
}

const font = (postScript: string, family: string, weight: 400 | 700 = 400, italic = false): FontSpec => ({
  postScript,
  family,
  weight,
  italic,
});

// Fonts every machine that runs the bench has (Debian's fonts-liberation and fonts-dejavu-core).
export const FONTS = {
  sans: font("LiberationSans", "Liberation Sans"),
  sansBold: font("LiberationSans-Bold", "Liberation Sans", 700),
  sansItalic: font("LiberationSans-Italic", "Liberation Sans", 400, true),
  serif: font("LiberationSerif", "Liberation Serif"),
  serifItalic: font("LiberationSerif-Italic", "Liberation Serif", 400, true),
  dejaSans: font("DejaVuSans", "DejaVu Sans"),
  dejaSansBold: font("DejaVuSans-Bold", "DejaVu Sans", 700),
  dejaSerif: font("DejaVuSerif", "DejaVu Serif"),
  dejaSerifBold: font("DejaVuSerif-Bold", "DejaVu Serif", 700),
  dejaSerifItalic: font("DejaVuSerif-Italic", "DejaVu Serif", 400, true),
} as const;

const CARD = { width: 300, height: 420 };

/** Runs from consecutive pieces of text, so lengths always add up to the text. */
function pieces(parts: [string, Omit<RunSpec, "length">?][]): { text: string; runs: RunSpec[] } {
  return {
    text: parts.map(([t]) => t).join(""),
    runs: parts.map(([t, style]) => ({ length: t.length, ...style })),
  };
}

const runsLine = pieces([
  ["Deal "],
  ["3", { font: FONTS.sansBold, size: 32, color: [176, 16, 16] }],
  [" damage "],
  ["to any", { font: FONTS.sansItalic, color: [16, 64, 160] }],
  [" foe"],
]);

const runsParagraph = pieces([
  ["Gain "],
  ["two coins", { font: FONTS.dejaSansBold, color: [138, 16, 16] }],
  [". Then, if you control a "],
  ["forest", { font: FONTS.dejaSerifItalic, color: [28, 106, 42] }],
  [", gain "],
  ["one more", { size: 22, color: [16, 64, 138] }],
  [" and draw a card."],
]);

const runsCentred = pieces([
  ["Rare", { font: FONTS.sansBold, color: [160, 96, 0] }],
  [" - "],
  ["Set 2", { font: FONTS.sansItalic, color: [96, 96, 96] }],
]);

type Styled = string | { text: string; runs: RunSpec[] };

/** A point text layer; `x, y` is its anchor. */
function point(
  name: string,
  styled: Styled,
  align: TextLayerSpec["align"],
  at: [number, number],
  font: FontSpec,
  size: number,
  color: Rgb,
): TextLayerSpec {
  const text = typeof styled === "string" ? { text: styled } : styled;
  return { name, ...text, kind: "point", align, x: at[0], y: at[1], font, size, color };
}

export const FIXTURES: FixtureSpec[] = [
  {
    file: "fid-point-align.psd",
    about: "point text: left, centre and right anchors, a two-line centred layer, 3 fonts",
    ...CARD,
    background: [239, 230, 210],
    layers: [
      point("left", "Left anchored", "left", [16, 50], FONTS.sans, 26, [30, 42, 120]),
      point("centre", "Centred Title", "center", [150, 130], FONTS.dejaSerifBold, 30, [122, 28, 28]),
      point("right", "Right anchored", "right", [284, 210], FONTS.serifItalic, 26, [28, 90, 42]),
      point("two lines", "Two lines of\npoint text", "center", [150, 280], FONTS.dejaSans, 22, [51, 51, 51]),
      point("cost", "Cost: 3 gold", "left", [16, 396], FONTS.sansBold, 16, [0, 0, 0]),
    ],
  },
  {
    file: "fid-box-wrap.psd",
    about: "paragraph (box) text that wraps: left in a sans font, centred in a serif italic",
    ...CARD,
    background: [216, 228, 239],
    layers: [
      {
        name: "rules",
        text: "When this card enters play, draw two cards and discard one of them. Each opponent loses one point of influence.",
        kind: "box",
        align: "left",
        x: 20,
        y: 40,
        box: { width: 260, height: 200 },
        font: FONTS.sans,
        size: 18,
        color: [20, 20, 20],
      },
      {
        name: "flavour",
        text: "The old road remembers every traveller who walked it, and forgives none of them.",
        kind: "box",
        align: "center",
        x: 30,
        y: 270,
        box: { width: 240, height: 120 },
        font: FONTS.serifItalic,
        size: 17,
        color: [70, 50, 30],
      },
    ],
  },
  {
    file: "fid-justify.psd",
    about: "a justified box paragraph (last line of each paragraph flush left), two paragraphs",
    ...CARD,
    background: [242, 234, 223],
    layers: [
      {
        name: "body",
        text: "Each player draws five cards at the start of the game and keeps them hidden from the others. On your turn, play one card face up and resolve its effect before your opponent answers.\nWhen the deck runs out, shuffle the discard pile to make a new one.",
        kind: "box",
        align: "justify",
        x: 24,
        y: 30,
        box: { width: 252, height: 360 },
        font: FONTS.dejaSerif,
        size: 15,
        color: [34, 34, 34],
      },
    ],
  },
  {
    file: "fid-style-runs.psd",
    about: "style runs: two colours, a bold run, an italic run, a larger run (point and box text)",
    ...CARD,
    background: [251, 243, 228],
    layers: [
      point("line", runsLine, "left", [16, 70], FONTS.sans, 20, [32, 32, 32]),
      {
        name: "paragraph",
        ...runsParagraph,
        kind: "box",
        align: "left",
        x: 20,
        y: 120,
        box: { width: 260, height: 230 },
        font: FONTS.dejaSans,
        size: 16,
        color: [32, 32, 32],
      },
      point("rarity", runsCentred, "center", [150, 395], FONTS.sans, 18, [32, 32, 32]),
    ],
  },
];

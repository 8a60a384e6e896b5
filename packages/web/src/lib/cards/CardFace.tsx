import type { CardRow, RenderableDeck } from "@tt/engine";
import { type CSSProperties, useMemo } from "react";
import { type CardDrawing, cardDrawing } from "./drawing.js";
import { useDeckFonts } from "./fonts.js";
import { deckImageUrl } from "./policy.js";
import { sanitizeCardHtml } from "./sanitize.js";

/**
 * One side of one card, drawn from the card rule engine. Used by the viewer, the print view, the
 * PDF rasteriser and the game table. Only inline styles (no emotion), so the static markup of a card
 * stands on its own in the print window and in the PDF's SVG.
 */
export interface CardFaceProps {
  deck: RenderableDeck;
  row: CardRow;
  /** The reverse side (rulesRev). */
  rev?: boolean;
  /** Screen px per card px; 1 by default. */
  scale?: number;
  /** Outlines and names the layers and lists the card's errors. */
  debug?: boolean;
  /** Keeps the bleed (print and PDF); screens crop it. */
  print?: boolean;
}

export function CardFace({ deck, row, rev = false, scale = 1, debug = false, print = false }: CardFaceProps) {
  const drawing = useMemo(
    () => cardDrawing(deck, row, { rev, scale, print }),
    [deck, row, rev, scale, print],
  );
  const assets = deck.assets;
  // The deck's uploaded fonts, declared in the page (static markup for print and PDF declares its own).
  useDeckFonts(assets);
  const html = useMemo(
    () =>
      drawing.layers.map((layer) =>
        layer.html === null ? null : sanitizeCardHtml(layer.html, (src) => deckImageUrl(assets, src)),
      ),
    [drawing, assets],
  );
  const face = <DrawnCard drawing={drawing} html={html} debug={debug} />;
  if (!debug) return face;
  return (
    <div style={{ display: "inline-block", verticalAlign: "top" }}>
      {face}
      <ul aria-label="Card errors" style={ERROR_LIST}>
        {drawing.errors.length === 0 ? <li style={{ color: "#2e7d32" }}>No errors</li> : null}
        {drawing.errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

const ERROR_LIST: CSSProperties = {
  margin: "4px 0 0",
  paddingLeft: 18,
  color: "#b00020",
  fontSize: 12,
  fontFamily: "sans-serif",
  maxWidth: 480,
};

/**
 * Page styles must not leak into a card (body line-height, MUI typography), or the viewer, print and
 * PDF would wrap text differently.
 */
const CANVAS_BASE: CSSProperties = {
  position: "absolute",
  transformOrigin: "0 0",
  fontFamily: "sans-serif",
  fontSize: 16,
  fontWeight: "normal",
  fontStyle: "normal",
  lineHeight: "normal",
  letterSpacing: "normal",
  textTransform: "none",
  whiteSpace: "normal",
  textAlign: "left",
  color: "#000000",
};

/** Paragraph text: flows in the layer's box. */
const FLOW: CSSProperties = { position: "relative" };

/**
 * Point text: as wide as its longest line (it never wraps), placed from the layer's left edge, middle
 * or right edge, so a longer text on a card grows the way Photoshop grows it from its anchor.
 */
const POINT: Record<"left" | "center" | "right", CSSProperties> = {
  left: { position: "absolute", top: 0, left: 0, width: "max-content" },
  center: { position: "absolute", top: 0, left: "50%", width: "max-content", transform: "translateX(-50%)" },
  right: { position: "absolute", top: 0, right: 0, width: "max-content" },
};

const FILL: CSSProperties = {
  position: "absolute",
  left: 0,
  top: 0,
  width: "100%",
  height: "100%",
  objectFit: "contain",
};

function DrawnCard({
  drawing,
  html,
  debug,
}: {
  drawing: CardDrawing;
  html: (string | null)[];
  debug: boolean;
}) {
  const { scale } = drawing;
  return (
    <div
      data-card-face=""
      style={{
        position: "relative",
        overflow: "hidden",
        flex: "none",
        width: drawing.boxWidth,
        height: drawing.boxHeight,
      }}
    >
      <div
        style={{
          ...CANVAS_BASE,
          left: -drawing.crop * scale,
          top: -drawing.crop * scale,
          width: drawing.width,
          height: drawing.height,
          transform: `scale(${scale})`,
        }}
      >
        {drawing.flatImageUrl === null ? null : (
          <img src={drawing.flatImageUrl} alt="" draggable={false} style={FILL} />
        )}
        {drawing.layers.map((layer, i) => (
          <div
            key={layer.key}
            data-layer={layer.name}
            style={
              debug ? { ...layer.style, outline: `${1 / scale}px dashed rgba(220,0,0,0.8)` } : layer.style
            }
          >
            {layer.imageUrl === null ? null : (
              <img src={layer.imageUrl} alt="" draggable={false} style={FILL} />
            )}
            {layer.notice === null ? null : <Notice text={layer.notice} scale={scale} />}
            {html[i] == null ? null : (
              <div
                style={layer.anchor === null ? FLOW : POINT[layer.anchor]}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeCardHtml (card policy)
                dangerouslySetInnerHTML={{ __html: html[i] }}
              />
            )}
          </div>
        ))}
        {debug
          ? drawing.layers.map((layer) => <DebugLabel key={layer.key} layer={layer} scale={scale} />)
          : null}
      </div>
    </div>
  );
}

/**
 * The engine's message for a layer, above its (raw) text, in the same place in the viewer, print, PDF
 * and at the table; readable whatever the scale. Inline styles, as everything in a card.
 */
function Notice({ text, scale }: { text: string; scale: number }) {
  return (
    <div
      data-card-notice=""
      style={{
        position: "relative",
        fontFamily: "sans-serif",
        fontSize: 12 / scale,
        fontWeight: "bold",
        lineHeight: 1.2,
        textAlign: "left",
        color: "#b00020",
        background: "rgba(255,255,255,0.85)",
        border: `${1 / scale}px solid #b00020`,
        padding: `0 ${2 / scale}px`,
      }}
    >
      {text}
    </div>
  );
}

/** Layer names on top of everything, at a readable size whatever the scale. */
function DebugLabel({ layer, scale }: { layer: CardDrawing["layers"][number]; scale: number }) {
  return (
    <span
      style={{
        position: "absolute",
        left: layer.style.left,
        top: layer.style.top,
        fontSize: 11 / scale,
        lineHeight: 1.2,
        padding: `0 ${2 / scale}px`,
        background: "rgba(255,255,255,0.6)",
        color: "#b00020",
        fontFamily: "monospace",
        whiteSpace: "nowrap",
        pointerEvents: "none",
      }}
    >
      {layer.name}
    </span>
  );
}

/**
 * A card that cannot be drawn, in place of its face: the message says why ('Cannot find deck named
 * {name}'). Fills its parent, whatever the card's size.
 */
export function CardMessage({ text }: { text: string }) {
  return (
    <div
      data-card-notice=""
      style={{
        position: "absolute",
        inset: 0,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        padding: 4,
        overflow: "hidden",
        background: "#fff8f8",
        border: "2px dashed #b00020",
        borderRadius: "inherit",
        color: "#b00020",
        fontFamily: "sans-serif",
        fontSize: 12,
        fontWeight: "bold",
        lineHeight: 1.2,
        textAlign: "center",
        overflowWrap: "anywhere",
      }}
    >
      {text}
    </div>
  );
}

/** Cards on the web: one card face for every screen, the deck viewer, and print/PDF export. */
export { CardFace, type CardFaceProps } from "./CardFace.js";
export { CardViewer, type CardViewerProps } from "./CardViewer.js";
export { type CardDrawing, cardDrawing, type DrawnLayer, type DrawOptions } from "./drawing.js";
export { deckFontCss, useDeckFonts } from "./fonts.js";
export { PrintControls, type PrintControlsProps } from "./PrintControls.js";

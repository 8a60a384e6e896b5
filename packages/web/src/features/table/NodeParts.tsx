// The leaf parts of a component node, each drawn from its view (componentView.ts): the face, the
// clickable areas, a container's count, a var-display's caption and the component's buttons. They
// hold no state; intents go out through the callbacks they are given.

import Box from "@mui/material/Box";
import type { MouseEvent } from "react";
import { createPortal } from "react-dom";
import { CardFace, CardMessage } from "../../lib/cards/CardFace";
import type { ComponentView } from "./componentView";
import { assetUrl, HOVER_ZOOM } from "./layout";

/** The face: a templated card, a card's message, the image, or a blank card. */
export function NodeFace({ view, slug, isCard }: { view: ComponentView; slug: string; isCard: boolean }) {
  const { template, message, image, info, visibility } = view;
  if (template?.deck.cardInfo) {
    const { w, h } = template.deck.cardInfo;
    return (
      <Box
        sx={{
          position: "absolute",
          inset: 0,
          overflow: "hidden",
          borderRadius: "inherit",
          pointerEvents: "none",
        }}
      >
        <CardFace
          deck={template.deck}
          row={template.row}
          rev={visibility === "back"}
          scale={Math.min(info.width / w, info.height / h)}
        />
      </Box>
    );
  }
  if (message !== null) return <CardMessage text={message} />;
  if (image !== "")
    return (
      <Box
        component="img"
        src={assetUrl(slug, image)}
        alt=""
        draggable={false}
        sx={{
          width: "100%",
          height: "100%",
          display: "block",
          borderRadius: "inherit",
          pointerEvents: "none",
        }}
      />
    );
  if (!isCard) return null;
  return <Box sx={{ width: "100%", height: "100%", borderRadius: "inherit", bgcolor: "#37474f" }} />;
}

/** Named areas of a component (a button on a player board): each a click with its area's name. */
export function ClickableAreas({ view, onClick }: { view: ComponentView; onClick: (area: string) => void }) {
  return Object.entries(view.info.clickableAreas).map(([area, a]) => (
    <Box
      key={area}
      component="button"
      type="button"
      data-area={area}
      aria-label={`${area} of ${view.name}`}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onClick(area);
      }}
      sx={{
        position: "absolute",
        left: a.left,
        top: a.top,
        width: a.width,
        height: a.height,
        zIndex: 900,
        p: 0,
        border: "none",
        background: "transparent",
        cursor: "pointer",
        "&:hover, &:focus-visible": { outline: "2px dashed rgba(255,214,0,0.9)" },
      }}
    />
  ));
}

/** How many pieces a deck or bank holds, in its corner. */
export function ContainerBadge({ count, type }: { count: number; type: string }) {
  return (
    <Box
      role="img"
      aria-label={`${count} in ${type}`}
      sx={{
        position: "absolute",
        right: -8,
        top: -8,
        zIndex: 1000,
        minWidth: 28,
        px: 0.5,
        borderRadius: 14,
        bgcolor: "rgba(0,0,0,0.75)",
        color: "#fff",
        fontSize: 16,
        textAlign: "center",
        pointerEvents: "none",
      }}
    >
      {count}
    </Box>
  );
}

/** A var-display's label and value: over it, or beside an image that draws the value itself. */
export function VarCaption({ caption, beside }: { caption: string; beside: boolean }) {
  if (beside)
    return (
      // The image draws the value (a price plaque, a dial): the label is a caption beside it.
      <Box
        sx={{
          position: "absolute",
          left: "100%",
          top: "50%",
          transform: "translateY(-50%)",
          ml: 0.75,
          whiteSpace: "nowrap",
          fontSize: 15,
          fontWeight: 600,
          color: "#f5e6c4",
          textShadow: "0 1px 2px #000",
          pointerEvents: "none",
        }}
      >
        {caption}
      </Box>
    );
  return (
    <Box
      sx={{
        position: "absolute",
        inset: 0,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        fontSize: 20,
        fontWeight: 600,
        pointerEvents: "none",
      }}
    >
      {caption}
    </Box>
  );
}

/** The component's own buttons, below it. */
export function NodeButtons({ view, onPress }: { view: ComponentView; onPress: (button: string) => void }) {
  const { buttons } = view.info;
  if (buttons.length === 0) return null;
  return (
    <Box sx={{ position: "absolute", left: 0, top: "100%", display: "flex", gap: 0.5, zIndex: 1000 }}>
      {buttons.map((b) => (
        <button
          key={b.name}
          type="button"
          disabled={b.disabled === true}
          onClick={(event) => {
            event.stopPropagation();
            onPress(b.name);
          }}
        >
          {b.text}
        </button>
      ))}
    </Box>
  );
}

/**
 * hoverZoom: an enlarged copy of the face over the page, centred on the component and kept inside the
 * window. A copy that lets the pointer through, not the component grown: an enlarged card would cover
 * its neighbours in a hand, and the next card could not be reached.
 */
export function HoverZoom({
  view,
  slug,
  isCard,
  at,
}: {
  view: ComponentView;
  slug: string;
  isCard: boolean;
  /** Where the component is on screen. */
  at: DOMRect;
}) {
  const w = at.width * HOVER_ZOOM;
  const h = at.height * HOVER_ZOOM;
  const within = (start: number, size: number, room: number) => Math.max(0, Math.min(start, room - size));
  const scale = w / Math.max(1, view.info.width);
  return createPortal(
    <Box
      data-hover-zoom="true"
      aria-hidden="true"
      sx={{
        position: "fixed",
        left: within(at.left + at.width / 2 - w / 2, w, window.innerWidth),
        top: within(at.top + at.height / 2 - h / 2, h, window.innerHeight),
        width: w,
        height: h,
        zIndex: 1500,
        pointerEvents: "none",
        borderRadius: `${view.info.borderRadius * scale}px`,
        boxShadow: "0 8px 24px rgba(0,0,0,0.5)",
        overflow: "hidden",
      }}
    >
      <Box
        sx={{
          position: "relative",
          width: view.info.width,
          height: view.info.height,
          transform: `scale(${scale})`,
          transformOrigin: "0 0",
          borderRadius: `${view.info.borderRadius}px`,
        }}
      >
        <NodeFace view={view} slug={slug} isCard={isCard} />
      </Box>
    </Box>,
    document.body,
  );
}

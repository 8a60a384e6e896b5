// The deck display of right-click on a deck or bank (game-table.md sections 2 and 9): each pile's top
// card drawn 190 high and 133 wide, and the expanded card grid, 400 wide, of every piece inside. The
// pieces are the server's answer for this viewer: a card it may not see arrives as a back (or not at
// all), so nothing here can show a face the board would hide.
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type Component, DECK_DISPLAY } from "@tt/engine";
import type { BoardEnv } from "./boardEnv";
import {
  contentView,
  DISPLAY_CARD,
  GRID_COLUMNS,
  GRID_GAP,
  gridCardSize,
  pileTop,
  type Size,
} from "./deckDisplay";
import { NodeFace } from "./NodeParts";

/** A piece drawn as the viewer may see it; `name` is what it reads as, null where a caption says it. */
function PieceTile(props: { component: Component; env: BoardEnv; size: Size; name: string | null }) {
  const { component, env, size, name } = props;
  const view = contentView(component, env.situationRef.current, env, size);
  return (
    <Box
      {...(name === null ? { "aria-hidden": true } : { role: "img", "aria-label": name })}
      data-visibility={view.hidden ? "hidden" : view.visibility}
      sx={{
        position: "relative",
        width: size.width,
        height: size.height,
        flex: "none",
        overflow: "hidden",
        borderRadius: `${Math.max(4, view.info.borderRadius)}px`,
        border: view.hidden ? "1px dashed rgba(0,0,0,0.4)" : "1px solid rgba(0,0,0,0.25)",
        bgcolor: view.hidden ? "transparent" : "#fff",
        boxSizing: "border-box",
      }}
    >
      {!view.hidden && <NodeFace view={view} slug={env.slug} isCard={component.type === "card"} />}
    </Box>
  );
}

/** A pile's top card at the display's size, with how many lie in it; an empty pile as its outline. */
export function PileDisplay(props: {
  title: string;
  pile: Component[];
  env: BoardEnv;
  nameOf: (c: Component) => string;
}) {
  const { title, pile, env, nameOf } = props;
  const top = pileTop(pile);
  return (
    <Box component="figure" aria-label={`${title} pile`} data-deck-display="true" sx={{ m: 0 }}>
      {top === null ? (
        <Box
          aria-hidden="true"
          sx={{
            ...DISPLAY_CARD,
            border: "2px dashed rgba(0,0,0,0.3)",
            borderRadius: 1,
            boxSizing: "border-box",
          }}
        />
      ) : (
        <PieceTile component={top} env={env} size={DISPLAY_CARD} name={`Top: ${nameOf(top)}`} />
      )}
      <Typography component="figcaption" variant="body2" sx={{ mt: 0.5, textAlign: "center" }}>
        {title}: {pile.length}
      </Typography>
    </Box>
  );
}

/** The expanded card grid: every piece, in pile order, four to a row across 400 px. */
export function CardGrid(props: { pieces: Component[]; env: BoardEnv; nameOf: (c: Component) => string }) {
  const { pieces, env, nameOf } = props;
  const size = gridCardSize();
  return (
    <Box
      component="ol"
      data-card-grid="true"
      sx={{
        display: "grid",
        gridTemplateColumns: `repeat(${GRID_COLUMNS}, ${size.width}px)`,
        gap: `${GRID_GAP}px`,
        width: DECK_DISPLAY.expandedGridWidth,
        m: 0,
        p: 0,
        listStyle: "none",
      }}
    >
      {pieces.map((c) => (
        <Box component="li" key={c.id} sx={{ minWidth: 0 }}>
          <PieceTile component={c} env={env} size={size} name={null} />
          <Typography
            variant="caption"
            component="span"
            sx={{ display: "block", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
          >
            {nameOf(c)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Both piles side by side. */
export function DeckDisplay(props: {
  inside: Component[];
  discarded: Component[];
  env: BoardEnv;
  nameOf: (c: Component) => string;
}) {
  const { inside, discarded, env, nameOf } = props;
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
      <PileDisplay title="Inside" pile={inside} env={env} nameOf={nameOf} />
      {discarded.length > 0 && (
        <PileDisplay title="Discard pile" pile={discarded} env={env} nameOf={nameOf} />
      )}
    </Stack>
  );
}

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Select from "@mui/material/Select";
import Typography from "@mui/material/Typography";
import { CARD_PARAMETERS_MISSING, type Deck, VIEWER_DEFAULT_CARD_SIZE, viewerProblem } from "@tt/engine";
import { useEffect, useId, useMemo, useState } from "react";
import { CardFace } from "./CardFace.js";
import {
  cardOptions,
  clampIndex,
  compactScale,
  stepIndex,
  viewerCardSize,
  viewerScale,
} from "./viewerState.js";

export interface CardViewerProps {
  /** Undefined when no deck has that name. */
  deck: Deck | undefined;
  deckName: string;
}

/** Browse a deck's cards one by one (or all at once, compact), front or reverse, with a debug view. */
export function CardViewer({ deck, deckName }: CardViewerProps) {
  const [chosen, setChosen] = useState(0);
  const [rev, setRev] = useState(false);
  const [debug, setDebug] = useState(false);
  const [compact, setCompact] = useState(false);
  const windowHeight = useWindowHeight();
  const selectLabelId = useId();
  const cards = deck?.cards ?? [];
  const index = clampIndex(chosen, cards.length);
  const row = cards[index];
  const options = useMemo(() => cardOptions(cards), [cards]);

  const problem = viewerProblem(deck, deckName, row);
  // Only a card without an ID leaves the rest of the deck browsable.
  if (deck === undefined || (problem !== null && problem !== CARD_PARAMETERS_MISSING)) {
    return (
      <ViewerMessage text={problem ?? ""} scale={viewerScale(VIEWER_DEFAULT_CARD_SIZE.h, windowHeight)} />
    );
  }
  const size = viewerCardSize(deck.cardInfo);

  return (
    <Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 2 }}>
        <FormControlLabel
          control={<Checkbox checked={rev} onChange={(e) => setRev(e.target.checked)} />}
          label="rev"
        />
        <FormControlLabel
          control={<Checkbox checked={debug} onChange={(e) => setDebug(e.target.checked)} />}
          label="debug"
        />
        <FormControlLabel
          control={<Checkbox checked={compact} onChange={(e) => setCompact(e.target.checked)} />}
          label="compact"
        />
        <Button variant="outlined" onClick={() => setChosen(stepIndex(index, -1, cards.length))}>
          Previous
        </Button>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id={selectLabelId}>Card</InputLabel>
          <Select
            labelId={selectLabelId}
            label="Card"
            value={index}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button variant="outlined" onClick={() => setChosen(stepIndex(index, 1, cards.length))}>
          Next
        </Button>
      </Box>
      {compact ? (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
          {cards.map((card, i) => (
            <ButtonBase
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no other stable identity (IDs may repeat or be missing)
              key={i}
              aria-label={options[i]?.label}
              title={options[i]?.label}
              onClick={() => {
                setChosen(i);
                setCompact(false);
              }}
              sx={{ outline: i === index ? "2px solid" : "none", outlineColor: "primary.main" }}
            >
              <CardFace deck={deck} row={card} rev={rev} scale={compactScale(size.h)} />
            </ButtonBase>
          ))}
        </Box>
      ) : problem !== null || row === undefined ? (
        <ViewerMessage text={problem ?? ""} scale={viewerScale(VIEWER_DEFAULT_CARD_SIZE.h, windowHeight)} />
      ) : (
        <CardFace deck={deck} row={row} rev={rev} debug={debug} scale={viewerScale(size.h, windowHeight)} />
      )}
    </Box>
  );
}

/** The viewer's message, over an empty card of the default size (100x200). */
function ViewerMessage({ text, scale }: { text: string; scale: number }) {
  const size = viewerCardSize(null);
  return (
    <Box>
      <Typography role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
        {text}
      </Typography>
      <Box
        sx={{
          width: size.w * scale,
          height: size.h * scale,
          border: "1px dashed",
          borderColor: "divider",
          borderRadius: 1,
        }}
      />
    </Box>
  );
}

function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return height;
}

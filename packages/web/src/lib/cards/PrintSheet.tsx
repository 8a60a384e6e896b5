import type { Deck } from "@tt/engine";
import { CardFace } from "./CardFace.js";
import { type PrintChoice, printCardBox, printCopies } from "./print.js";

/** Every card to print, at print size with its bleed, for the print window (rendered to static markup). */
export function PrintSheet({ deck, choice }: { deck: Deck; choice: PrintChoice }) {
  if (deck.cardInfo === null) return null;
  const { scale } = printCardBox(deck.cardInfo, choice.widthMm);
  return (
    <div className="print-sheet">
      {printCopies(deck, choice).map((copy) => (
        <div className="print-card" key={`${copy.index}-${copy.copy}`}>
          <CardFace deck={deck} row={copy.row} rev={choice.rev} scale={scale} print />
        </div>
      ))}
    </div>
  );
}

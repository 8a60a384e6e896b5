// The modal editors of one piece property (section 2): positions, clickable areas, clip path, filter, and
// the conditional results editor. Each modal edits one branch of the property (the plain value, the
// default result or one conditional result) and hands back the whole property value.
import { isConditional, type Json } from "@tt/engine";
import { AreasEditor } from "./AreasEditor";
import { ConditionalEditor } from "./ConditionalEditor";
import type { BackgroundChoice } from "./model/background";
import { type Branch, branchLabel, branchValue, withBranchValue } from "./model/conditional";
import { propertySpec } from "./model/properties";
import type { Piece } from "./model/tree";
import { PositionsEditor } from "./positions/PositionsEditor";
import { StyleEditor } from "./StyleEditor";
import type { ModalKind } from "./ValueEditor";

export type OpenModal =
  | { type: ModalKind; property: string; branch: Branch }
  | { type: "conditions"; property: string };

/** The piece's size for previews: its plain width and height (the default result when conditional). */
export function pieceDims(piece: Piece): [number, number] {
  const size = (v: Json | undefined) => {
    const plain = isConditional(v) ? v.defaultResult : v;
    return typeof plain === "number" && plain > 0 ? plain : 100;
  };
  return [size(piece.width), size(piece.height)];
}

export function EditorModals({
  modal,
  pieceName,
  piece,
  pieceNames,
  imageNames,
  backgrounds,
  background,
  onBackground,
  onOpen,
  onChange,
  onClose,
}: {
  modal: OpenModal;
  pieceName: string;
  piece: Piece;
  pieceNames: readonly string[];
  imageNames: readonly string[];
  backgrounds: readonly BackgroundChoice[];
  background: string;
  onBackground(url: string): void;
  onOpen(modal: OpenModal): void;
  /** undefined removes the property. */
  onChange(property: string, value: Json | undefined): void;
  onClose(): void;
}) {
  const value = piece[modal.property];
  if (modal.type === "conditions")
    return (
      <ConditionalEditor
        pieceName={pieceName}
        spec={propertySpec(modal.property)}
        value={value}
        imageNames={imageNames}
        onChange={(v) => onChange(modal.property, v)}
        onOpenModal={(type, branch) => onOpen({ type, property: modal.property, branch })}
        onClose={onClose}
      />
    );
  const { branch, property } = modal;
  const title = `${propertySpec(property).name} of ${pieceName}${isConditional(value) ? `: ${branchLabel(value, branch)}` : ""}`;
  const store = (next: Json) => {
    // Closing without a change stores nothing, so it costs no save.
    if (JSON.stringify(next) !== JSON.stringify(branchValue(value, branch)))
      onChange(property, withBranchValue(value, branch, next));
    onClose();
  };
  const common = { backgrounds, background, onBackground };
  switch (modal.type) {
    case "positions":
      return (
        <PositionsEditor
          title={`Positions: ${title}`}
          value={branchValue(value, branch)}
          pieceNames={pieceNames}
          onSave={store}
          {...common}
        />
      );
    case "clickableAreas":
      return (
        <AreasEditor
          title={`Clickable areas: ${title}`}
          value={branchValue(value, branch)}
          dims={pieceDims(piece)}
          onSave={store}
          {...common}
        />
      );
    case "clipPath":
    case "filter":
      return (
        <StyleEditor
          kind={modal.type}
          title={`${modal.type === "clipPath" ? "Clip path" : "Filter"}: ${title}`}
          value={branchValue(value, branch)}
          dims={pieceDims(piece)}
          onSave={store}
          {...common}
        />
      );
  }
}

// What every node of the board draws from: the table's pieces, the viewer, the selection, the rules'
// answers (highlights, clickable) and where its intents go. Handed down by context, not by props, so
// a memoised node re-renders only when its component or this env changes.

import type { Action, BoardMark, Deck, PieceLibrary, Situation } from "@tt/engine";
import { createContext, type MouseEvent, type ReactNode, useContext } from "react";
import type { Motion } from "./motion";

export interface BoardEnv {
  slug: string;
  pieces: PieceLibrary;
  /**
   * Latest situation, read at render. The env's identity changes only with what every node may draw
   * differently (seat, edit mode, selection, highlights, game state, containers): a plain move
   * re-renders just the components it replaced.
   */
  situationRef: { current: Situation };
  seat: string;
  editMode: boolean;
  selected: string | null;
  highlights: ReadonlySet<string>;
  /** What the game marks, by slot name or component id: the last move, a king in check. */
  marks: ReadonlyMap<string, BoardMark>;
  /** The board drawn turned half round for this seat (chess's Black); pieces stay upright. */
  turned: boolean;
  /** Every face shown (a privileged watcher's full view of a running table). */
  reveal?: boolean;
  /** The components the rules let this seat click now: the board's tab stops (Enter clicks). */
  clickable: ReadonlySet<string>;
  act: (action: Action) => void;
  /** Move animations: each node reports where it lands (see motion.ts). */
  motion: Motion;
  /** Right-click on a deck or bank (game-table.md section 2). */
  inspect: (componentId: string, event: MouseEvent) => void;
  /** Card templates by deck name: cards of a deck with a .psd template are drawn by the card renderer. */
  decks: Record<string, Deck>;
}

const EnvContext = createContext<BoardEnv | null>(null);

export function useEnv(): BoardEnv {
  const env = useContext(EnvContext);
  if (env === null) throw new Error("Board environment missing");
  return env;
}

export function BoardEnvProvider({ env, children }: { env: BoardEnv; children: ReactNode }) {
  return <EnvContext value={env}>{children}</EnvContext>;
}

/**
 * Whether the frame a node is placed in is turned half round on screen (the root turned for chess's
 * Black). The root turns itself; a piece in a turned frame turns back so it stands upright, and its
 * own insides are then upright again. Player areas, drawn outside the root, are never turned.
 */
export const TurnedFrame = createContext(false);

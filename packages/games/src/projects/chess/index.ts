import type { ShippedGame } from "../../content";
import { content } from "./content";
import { layout } from "./layout";
import { module } from "./module";

/** Chess: the rules core (./rules) played through the engine as a shipped game. */
export const chess: ShippedGame = { content, module, layout };

import type { ProjectContent } from "../../content";
import { boxImage } from "./images";

export const sandbox: ProjectContent = {
  slug: "sandbox",
  projectName: "Sandbox",
  designer: "Tabletop Lab",
  visibility: "public",
  description:
    "<p>A free-form table: move any piece anywhere, shuffle the deck, count with counters. " +
    "Use it to try the table before a real game.</p>",
  images: { "box.svg": boxImage },
};

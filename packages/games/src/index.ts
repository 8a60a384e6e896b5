import type { ProjectContent } from "./content";
import { sandbox } from "./projects/sandbox";

export type { ProjectContent } from "./content";

/** Every project this build ships, seeded into the database at start-up. */
export const shippedProjects: readonly ProjectContent[] = [sandbox];

export function shippedProject(slug: string): ProjectContent | undefined {
  return shippedProjects.find((p) => p.slug === slug);
}

export const PRODUCT_NAME = "Tabletop Lab";

/** Document title of a page: '{name} - Tabletop Lab', or the product name alone for home. */
export function pageTitle(name?: string): string {
  const trimmed = name?.trim();
  return trimmed ? `${trimmed} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** What a tab says before its title when the viewer is to play: seen in a row of background tabs. */
export const YOUR_TURN_MARK = "(Your turn)";

/**
 * The game table page's title: the project's name as every page names itself, and '(Your turn)'
 * before it while the viewer is to play (issue 37 point 8). The spec's ' table - CGO' was the old
 * platform's name; one product name on every page is what testers read in their tab bar.
 */
export function tablePageTitle(projectName: string, yourTurn = false): string {
  const title = pageTitle(projectName);
  return yourTurn ? `${YOUR_TURN_MARK} ${title}` : title;
}

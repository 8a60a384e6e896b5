export const PRODUCT_NAME = "Tabletop Lab";

/** Document title of a page: '{name} - Tabletop Lab', or the product name alone for home. */
export function pageTitle(name?: string): string {
  const trimmed = name?.trim();
  return trimmed ? `${trimmed} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * The game table page's title (game-table.md section 2): the project name followed by ' table - CGO',
 * exactly; this page names the platform as the spec does, not by the product name of the other pages.
 */
export const TABLE_TITLE_SUFFIX = " table - CGO";
export function tablePageTitle(projectName: string): string {
  return `${projectName}${TABLE_TITLE_SUFFIX}`;
}

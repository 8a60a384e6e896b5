export const PRODUCT_NAME = "Tabletop Lab";

/** Document title of a page: '{name} - Tabletop Lab', or the product name alone for home. */
export function pageTitle(name?: string): string {
  const trimmed = name?.trim();
  return trimmed ? `${trimmed} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

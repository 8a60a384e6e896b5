import { useEffect } from "react";
import { badgedFavicon, FAVICON_HREF } from "./favicon";
import { pageTitle, tablePageTitle } from "./title";

export function useDocumentTitle(name?: string): void {
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
}

/** The page's <link rel="icon">, made when the page has none (a test page, a stripped index.html). */
function iconLink(): HTMLLinkElement {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link === null) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  return link;
}

/**
 * A game table's title, '(Your turn) Night Market - Tabletop Lab' while the viewer is to play, and the
 * favicon with a dot meanwhile; the plain icon again when the turn passes or the page is left.
 */
export function useTableTitle(projectName: string, yourTurn: boolean): void {
  useEffect(() => {
    document.title = tablePageTitle(projectName, yourTurn);
  }, [projectName, yourTurn]);
  useEffect(() => {
    if (!yourTurn) return;
    const link = iconLink();
    link.type = "image/svg+xml";
    link.href = badgedFavicon();
    return () => {
      link.href = FAVICON_HREF;
    };
  }, [yourTurn]);
}

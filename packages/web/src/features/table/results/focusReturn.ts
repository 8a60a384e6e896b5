// Where the endgame dialog gives the focus back. The table page is drawn anew when the game ends (the
// view is remounted with the ended table's log), a moment after the dialog first opened: the element
// that had the focus is then replaced by its copy. So the place is kept as well as the element: the
// path of child indexes from <body>, which finds the copy in the page drawn again.

export type ElementPath = number[];

export function pathOf(element: Element, root: Element): ElementPath | null {
  const path: number[] = [];
  let at: Element | null = element;
  while (at !== null && at !== root) {
    const parent: Element | null = at.parentElement;
    if (parent === null) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, at) as number);
    at = parent;
  }
  return at === root ? path : null;
}

export function atPath(path: ElementPath, root: Element): Element | null {
  let at: Element | undefined = root;
  for (const i of path) {
    at = at?.children[i];
    if (at === undefined) return null;
  }
  return at;
}

interface Kept {
  element: Element;
  path: ElementPath | null;
}

/** Per table: where the focus was before its endgame dialog first opened, until the dialog closes. */
const kept = new Map<string, Kept>();

/** Remembers the focus when the dialog opens; a dialog opened again after the remount keeps the first. */
export function keepFocus(tableId: string): void {
  const active = document.activeElement;
  const lost = active === null || active === document.body;
  const before = kept.get(tableId);
  if (before !== undefined && lost) return;
  if (active === null || lost) {
    kept.delete(tableId);
    return;
  }
  kept.set(tableId, { element: active, path: pathOf(active, document.body) });
}

/** Gives the focus back to the element kept, or to its copy in the page drawn again; forgets it. */
export function returnFocus(tableId: string, give = true): void {
  const k = kept.get(tableId);
  kept.delete(tableId);
  if (k === undefined || !give) return;
  const target = k.element.isConnected ? k.element : k.path && atPath(k.path, document.body);
  if (target instanceof HTMLElement) target.focus();
}

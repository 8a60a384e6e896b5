// Keyboard movement in the tree view (WAI-ARIA tree pattern): arrows move between visible items, Right
// opens a group or enters it, Left closes it or goes to its group, Home and End jump. Pure: the view
// keeps `focused` and `expanded` and asks here what a key does.

export interface TreeItem {
  id: string;
  /** The group item this one sits in; undefined at the top level. */
  parent?: string;
  /** Groups have children and can be opened and closed. */
  isGroup: boolean;
}

export interface TreeFocus {
  focused: string;
  expanded: ReadonlySet<string>;
}

/** Items that show: top-level ones, and children of open groups. */
export function visibleItems(items: readonly TreeItem[], expanded: ReadonlySet<string>): TreeItem[] {
  return items.filter((i) => i.parent === undefined || expanded.has(i.parent));
}

/** The focus and open groups after a key, or null when the key is not the tree's. */
export function treeKey(items: readonly TreeItem[], state: TreeFocus, key: string): TreeFocus | null {
  const visible = visibleItems(items, state.expanded);
  const at = visible.findIndex((i) => i.id === state.focused);
  const current = visible[at];
  const focus = (item: TreeItem | undefined) => (item ? { ...state, focused: item.id } : state);
  switch (key) {
    case "ArrowDown":
      return focus(visible[Math.min(visible.length - 1, at + 1)]);
    case "ArrowUp":
      return focus(visible[Math.max(0, at - 1)]);
    case "Home":
      return focus(visible[0]);
    case "End":
      return focus(visible[visible.length - 1]);
    case "ArrowRight": {
      if (!current?.isGroup) return state;
      if (!state.expanded.has(current.id))
        return { ...state, expanded: new Set([...state.expanded, current.id]) };
      return focus(items.find((i) => i.parent === current.id));
    }
    case "ArrowLeft": {
      if (current?.isGroup && state.expanded.has(current.id)) {
        const expanded = new Set(state.expanded);
        expanded.delete(current.id);
        return { ...state, expanded };
      }
      return current?.parent === undefined ? state : focus(items.find((i) => i.id === current.parent));
    }
    default:
      return null;
  }
}

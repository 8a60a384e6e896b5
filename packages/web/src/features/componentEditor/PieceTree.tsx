// The tree view of the component tree (section 2): root, dims, the named pieces, the __card- and deck-
// entries and the hidden ones, following the WAI-ARIA tree pattern (one tab stop, arrows move, Right and
// Left open and close groups, Enter or Space select). The keys' meaning lives in model/treeNav.ts.
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { type EntryKind, type Tree, treeGroups } from "./model/tree";
import { type TreeItem, treeKey, visibleItems } from "./model/treeNav";

const GROUPS: { kind: EntryKind; label: string }[] = [
  { kind: "piece", label: "Pieces" },
  { kind: "card", label: "Cards" },
  { kind: "deck", label: "Decks" },
  { kind: "hidden", label: "Hidden entries" },
];

const groupId = (kind: EntryKind) => `group:${kind}`;

interface Row extends TreeItem {
  label: string;
  level: number;
  childCount?: number;
}

function rowsOf(tree: Tree): Row[] {
  const groups = treeGroups(tree);
  const rows: Row[] = [];
  for (const name of [...groups.root, ...groups.dims])
    rows.push({ id: name, label: name, level: 1, isGroup: false });
  for (const { kind, label } of GROUPS) {
    const names = groups[kind];
    if (names.length === 0 && kind !== "piece") continue;
    rows.push({ id: groupId(kind), label, level: 1, isGroup: true, childCount: names.length });
    for (const name of names)
      rows.push({ id: name, parent: groupId(kind), label: name, level: 2, isGroup: false });
  }
  return rows;
}

export function PieceTree({
  tree,
  selected,
  onSelect,
}: {
  tree: Tree;
  selected: string;
  onSelect(name: string): void;
}) {
  const rows = useMemo(() => rowsOf(tree), [tree]);
  const idBase = useId();
  const labelId = (row: Row) => `${idBase}-${rows.indexOf(row)}`;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([groupId("piece")]));
  const [focused, setFocused] = useState(selected);
  const refs = useRef(new Map<string, HTMLLIElement>());
  const moved = useRef(false);

  // The selected entry's group opens, so a selection made elsewhere (a rename, an add) shows.
  const selectedParent = rows.find((r) => r.id === selected)?.parent;
  useEffect(() => {
    if (selectedParent)
      setExpanded((open) => (open.has(selectedParent) ? open : new Set([...open, selectedParent])));
  }, [selectedParent]);
  const visible = visibleItems(rows, expanded) as Row[];
  const tabStop = visible.some((r) => r.id === focused) ? focused : (visible[0]?.id ?? "");

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    refs.current.get(tabStop)?.focus();
  }, [tabStop]);

  const toggle = (id: string) => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };
  const activate = (row: Row) => {
    setFocused(row.id);
    if (row.isGroup) toggle(row.id);
    else onSelect(row.id);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const row = visible.find((r) => r.id === tabStop);
    if ((e.key === "Enter" || e.key === " ") && row) {
      e.preventDefault();
      activate(row);
      return;
    }
    const next = treeKey(rows, { focused: tabStop, expanded }, e.key);
    if (!next) return;
    e.preventDefault();
    moved.current = true;
    setFocused(next.focused);
    setExpanded(next.expanded);
  };

  const renderRow = (row: Row) => {
    const children = row.isGroup ? visible.filter((r) => r.parent === row.id) : [];
    const open = expanded.has(row.id);
    return (
      <Box
        component="li"
        key={row.id}
        role="treeitem"
        aria-labelledby={labelId(row)}
        aria-level={row.level}
        aria-selected={row.isGroup ? undefined : row.id === selected}
        aria-expanded={row.isGroup ? open : undefined}
        tabIndex={row.id === tabStop ? 0 : -1}
        ref={(el: HTMLLIElement | null) => {
          if (el) refs.current.set(row.id, el);
          else refs.current.delete(row.id);
        }}
        onClick={(e) => {
          e.stopPropagation();
          activate(row);
        }}
        sx={{
          listStyle: "none",
          outline: "none",
          "&:focus-visible > .tree-label": { outline: "2px solid", outlineColor: "primary.main" },
        }}
      >
        <Box
          className="tree-label"
          id={labelId(row)}
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 0.5,
            pl: row.level === 1 ? 0.5 : 3.5,
            py: 0.25,
            borderRadius: 1,
            cursor: "pointer",
            bgcolor: row.id === selected ? "action.selected" : undefined,
            "&:hover": { bgcolor: "action.hover" },
          }}
        >
          {row.isGroup &&
            (open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />)}
          <Typography variant="body2" sx={{ fontWeight: row.isGroup ? 600 : 400, wordBreak: "break-all" }}>
            {row.label}
            {row.isGroup ? ` (${row.childCount ?? 0})` : ""}
          </Typography>
        </Box>
        {row.isGroup && open && children.length > 0 && (
          <Box component="ul" role="group" sx={{ m: 0, p: 0 }}>
            {children.map(renderRow)}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <Box
      component="ul"
      role="tree"
      aria-label="Component tree"
      onKeyDown={onKeyDown}
      sx={{ m: 0, p: 0.5, maxHeight: "60vh", overflow: "auto" }}
    >
      {visible.filter((r) => r.level === 1).map(renderRow)}
    </Box>
  );
}

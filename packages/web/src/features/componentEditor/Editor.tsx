// The component editor once loaded (section 2): the tree view with add / rename / delete, the selected
// entry's properties or the raw JSON of the whole tree, base scale and background, and the modal editors.
// The tree is plain JSON held here; every change is a pure function of model/ and goes to the autosave.
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import type { Json } from "@tt/engine";
import type { GlobalAsset } from "@tt/protocol";
import { lazy, Suspense, useRef, useState } from "react";
import { Link as RouterLink } from "react-router";
import { BaseScaleControl } from "./BaseScaleControl";
import { DimsField } from "./DimsField";
import { EditorModals, type OpenModal } from "./EditorModals";
import { LeaveGuard } from "./LeaveGuard";
import { backgroundChoices } from "./model/background";
import { MESSAGES } from "./model/messages";
import type { Outcome } from "./model/outcome";
import { removeProperty, setProperty } from "./model/properties";
import { addPiece, deletePiece, isPiece, pieceNames, renamePiece, type Tree } from "./model/tree";
import { PieceTree } from "./PieceTree";
import { BackgroundPicker } from "./PreviewControls";
import { PropertiesPanel } from "./PropertiesPanel";
import { ErrorText } from "./parts";
import { TreeActions } from "./TreeActions";
import { useAutosave } from "./useAutosave";

// CodeMirror loads only when the raw view is opened: most edits never need it.
const RawJsonEditor = lazy(() => import("./RawJsonEditor").then((m) => ({ default: m.RawJsonEditor })));

const STATUS_TEXT = {
  saved: "All changes saved",
  pending: "Unsaved changes",
  saving: "Saving...",
  failed: MESSAGES.saveFailed,
} as const;

export function Editor({
  slug,
  initialTree,
  assets,
}: {
  slug: string;
  initialTree: Tree;
  assets: Pick<GlobalAsset, "name" | "url">[];
}) {
  const [tree, setTree] = useState(initialTree);
  const treeRef = useRef(tree);
  const [selected, setSelected] = useState("root");
  const [tab, setTab] = useState<"properties" | "raw">("properties");
  const [rawDirty, setRawDirty] = useState(false);
  const [chosenBackground, setBackground] = useState<string | null>(null);
  const [modals, setModals] = useState<OpenModal[]>([]);
  const [error, setError] = useState<string | null>(null);
  const autosave = useAutosave(slug, tree, rawDirty);

  /** Applies a pure change to the freshest tree (two quick edits never start from the same one). */
  const edit = (change: (t: Tree) => Outcome<Tree>): boolean => {
    const outcome = change(treeRef.current);
    if (!outcome.ok) {
      setError(outcome.error);
      return false;
    }
    setError(null);
    treeRef.current = outcome.value;
    setTree(outcome.value);
    autosave.edited();
    return true;
  };

  const entry = tree[selected];
  const piece = isPiece(entry) && selected !== "dims" ? entry : null;
  const backgrounds = backgroundChoices(slug, piece?.image, assets);
  // Until one is chosen, previews use the piece's own image when it has one.
  const background =
    chosenBackground ?? backgrounds.find((b) => b.label.startsWith("Piece image"))?.url ?? "";
  const imageNames = assets.map((a) => a.name);
  const setPieceProperty = (property: string, value: Json | undefined) =>
    edit((t) =>
      value === undefined ? removeProperty(t, selected, property) : setProperty(t, selected, property, value),
    );

  return (
    <Stack spacing={2}>
      <LeaveGuard
        dirty={autosave.dirty}
        rawUnsaved={rawDirty}
        status={autosave.status}
        flush={autosave.flush}
      />
      <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 2 }}>
        <Button
          component={RouterLink}
          to={`/projects/${encodeURIComponent(slug)}/admin`}
          startIcon={<ArrowBackIcon />}
        >
          Administration
        </Button>
        <Typography variant="h1" sx={{ fontSize: "1.75rem" }}>
          {slug} component editor
        </Typography>
        <Typography
          role="status"
          sx={{ color: autosave.status === "failed" ? "error.main" : "text.secondary" }}
        >
          {STATUS_TEXT[autosave.status]}
        </Typography>
        {autosave.status === "failed" && (
          <Button size="small" onClick={autosave.retry}>
            Retry saving
          </Button>
        )}
      </Stack>
      {autosave.status === "failed" && (
        <Alert severity="error">
          {MESSAGES.saveFailed}: your changes are kept here until a save succeeds.
        </Alert>
      )}
      <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 3 }}>
        <BaseScaleControl
          value={typeof tree.baseScale === "number" ? tree.baseScale : 1}
          onChange={(v) => edit((t) => ({ ok: true, value: { ...t, baseScale: v } }))}
        />
        <BackgroundPicker choices={backgrounds} value={background} onChange={setBackground} />
      </Stack>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: "flex-start" }}>
        <Paper variant="outlined" sx={{ p: 1.5, width: { xs: "100%", md: 300 }, flexShrink: 0 }}>
          <Stack spacing={2}>
            <PieceTree tree={tree} selected={selected} onSelect={setSelected} />
            <TreeActions
              key={selected}
              tree={tree}
              selected={selected}
              onAdd={(name) => edit((t) => addPiece(t, name)) && setSelected(name)}
              onRename={(from, to) => edit((t) => renamePiece(t, from, to)) && setSelected(to)}
              onDelete={(name) => edit((t) => deletePiece(t, name)) && setSelected("root")}
            />
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 0, width: "100%" }}>
          <Tabs value={tab} onChange={(_, v) => setTab(v)} aria-label="Editor view">
            <Tab value="properties" label="Properties" />
            <Tab value="raw" label="Raw JSON" />
          </Tabs>
          <Box sx={{ pt: 2 }}>
            <ErrorText>{error}</ErrorText>
            {tab === "raw" ? (
              <Suspense fallback={<Typography role="status">Loading the JSON editor...</Typography>}>
                <RawJsonEditor
                  tree={tree}
                  onSave={(next) => edit(() => ({ ok: true, value: next }))}
                  onDirtyChange={setRawDirty}
                />
              </Suspense>
            ) : piece ? (
              <PropertiesPanel
                pieceName={selected}
                piece={piece}
                imageNames={imageNames}
                actions={{
                  onChange: setPieceProperty,
                  onRemove: (property) => setPieceProperty(property, undefined),
                  onOpenModal: (property, type, branch) => setModals([{ type, property, branch }]),
                  onOpenConditions: (property) => setModals([{ type: "conditions", property }]),
                }}
              />
            ) : selected === "dims" ? (
              <DimsField
                label="Tree dims"
                value={tree.dims}
                onChange={(dims) => edit((t) => ({ ok: true, value: { ...t, dims } }))}
              />
            ) : (
              <Typography>Select an entry of the tree.</Typography>
            )}
          </Box>
        </Paper>
      </Stack>
      {piece &&
        modals.map((modal, i) => (
          <EditorModals
            key={`${modal.type}:${modal.property}`}
            modal={modal}
            pieceName={selected}
            piece={piece}
            pieceNames={pieceNames(tree)}
            imageNames={imageNames}
            backgrounds={backgrounds}
            background={background}
            onBackground={setBackground}
            onOpen={(next) => setModals([...modals.slice(0, i + 1), next])}
            onChange={setPieceProperty}
            onClose={() => setModals(modals.slice(0, i))}
          />
        ))}
    </Stack>
  );
}

// Raw JSON editing of the whole component tree (sections 2, 4, 8), on CodeMirror 6's EditorView. The
// border is green while the text parses as a tree and red otherwise, re-checked every 1500 ms; a blur
// saves the text only when it is valid. A parse failure is logged, never saved.

import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { json } from "@codemirror/lang-json";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useRef, useState } from "react";
import {
  blurSave,
  checkTreeText,
  parseTreeText,
  type TextCheck,
  treeText,
  watchTreeText,
} from "./model/rawJson";
import type { Tree } from "./model/tree";

/**
 * CodeMirror's standard keys and undo history. Tab is left to the browser (no indentWithTab), so a
 * keyboard user can still move focus out of the editor.
 */
const keys = [history(), keymap.of([...defaultKeymap, ...historyKeymap])];

export function RawJsonEditor({
  tree,
  onSave,
  onDirtyChange,
}: {
  tree: Tree;
  onSave(tree: Tree): void;
  /** Told whether the text says something the saved tree does not (for the leave-page warning). */
  onDirtyChange(dirty: boolean): void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const treeRef = useRef(tree);
  treeRef.current = tree;
  const callbacks = useRef({ onSave, onDirtyChange });
  callbacks.current = { onSave, onDirtyChange };
  const [state, setState] = useState<TextCheck>({ valid: true });
  const statusId = useId();

  useEffect(() => {
    const text = () => view.current?.state.doc.toString() ?? "";
    const editor = new EditorView({
      parent: host.current as HTMLDivElement,
      state: EditorState.create({
        doc: treeText(treeRef.current),
        extensions: [
          keys,
          json(),
          syntaxHighlighting(defaultHighlightStyle),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            "aria-label": "Component tree JSON",
            "aria-describedby": statusId,
            "aria-multiline": "true",
          }),
          EditorView.domEventHandlers({
            blur: () => {
              const current = text();
              const result = checkTreeText(current);
              setState(result);
              if (!result.valid) {
                console.error("Raw JSON editor: the text does not parse:", result.error);
                return;
              }
              const next = blurSave(current, treeRef.current);
              if (next) callbacks.current.onSave(next);
              callbacks.current.onDirtyChange(false);
            },
          }),
          EditorView.theme({ "&": { maxHeight: "70vh" }, ".cm-scroller": { overflow: "auto" } }),
        ],
      }),
    });
    view.current = editor;
    const stopChecks = watchTreeText(text, (result, current) => {
      setState(result);
      callbacks.current.onDirtyChange(!result.valid || blurSave(current, treeRef.current) !== null);
    });
    return () => {
      stopChecks();
      editor.destroy();
      view.current = null;
      callbacks.current.onDirtyChange(false);
    };
  }, [statusId]);

  // Edits made elsewhere show here, unless the designer is typing or the text already means the same.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.hasFocus) return;
    const current = editor.state.doc.toString();
    const parsed = parseTreeText(current);
    if (parsed.ok && JSON.stringify(parsed.value) === JSON.stringify(tree)) return;
    editor.dispatch({ changes: { from: 0, to: current.length, insert: treeText(tree) } });
    setState({ valid: true });
  }, [tree]);

  return (
    <Box>
      <Box
        ref={host}
        data-valid={state.valid}
        sx={{
          border: 3,
          borderColor: state.valid ? "success.main" : "error.main",
          borderRadius: 1,
          fontSize: 13,
          "& .cm-editor": { minHeight: 200 },
          "& .cm-editor.cm-focused": { outline: "none" },
        }}
      />
      <Typography
        id={statusId}
        role="status"
        variant="body2"
        sx={{ color: state.valid ? "success.main" : "error.main", mt: 0.5 }}
      >
        {state.valid
          ? "Valid JSON: saved when you leave the editor."
          : `Invalid JSON, not saved: ${state.error}`}
      </Typography>
    </Box>
  );
}

// Autosave of the development components (admin-decks-editor.md sections 4, 8, 9): the whole tree is
// sent at most every AUTOSAVE_MS while edits keep coming (a dragged base-scale slider saves as it goes,
// not only when let go), one save at a time, so an older tree can never land after a newer one. Unsaved
// edits warn on leaving the page and are sent when the editor unmounts.
import { useCallback, useEffect, useReducer, useRef } from "react";
import { saveDevComponents } from "./api";
import { AUTOSAVE_MS } from "./model/limits";
import { initialSaveState, isDirty, saveReducer, saveStatus } from "./model/saveState";
import type { Tree } from "./model/tree";

export function useAutosave(slug: string, tree: Tree, extraDirty: boolean) {
  const [state, dispatch] = useReducer(saveReducer, initialSaveState);
  const treeRef = useRef(tree);
  treeRef.current = tree;
  const stateRef = useRef(state);
  stateRef.current = state;

  const send = useCallback(async () => {
    const revision = stateRef.current.revision;
    dispatch({ type: "sent", revision });
    const result = await saveDevComponents(slug, treeRef.current);
    if (!result.ok) console.error("Saving components failed:", result.status, result.text);
    dispatch(result.ok ? { type: "succeeded", revision } : { type: "failed", revision });
  }, [slug]);

  // The timer is not restarted by later edits: the save it triggers takes whatever the tree is by then.
  const timer = useRef<number | null>(null);
  useEffect(() => {
    if (timer.current !== null || state.sending !== null || state.failed || !isDirty(state)) return;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      void send();
    }, AUTOSAVE_MS);
  }, [state, send]);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );

  const dirty = isDirty(state) || extraDirty;
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // Leaving the editor inside the app (a link) sends what is still waiting for its timer.
  useEffect(
    () => () => {
      const s = stateRef.current;
      if (isDirty(s) && (s.sending === null || s.sending < s.revision))
        void saveDevComponents(slug, treeRef.current);
    },
    [slug],
  );

  return {
    status: saveStatus(state),
    dirty,
    edited: useCallback(() => dispatch({ type: "edited" }), []),
    retry: () => void send(),
  };
}

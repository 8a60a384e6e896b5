// The editor's autosave (model/autosaver.ts) as a hook: its state for the status line, and the
// leave-page warning while anything is unsaved or still being saved. Leaving inside the app is asked
// by the editor's navigation blocker, which can flush() before it lets the designer go.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { saveDevComponents } from "./api";
import { Autosaver } from "./model/autosaver";
import { isDirty, saveStatus } from "./model/saveState";
import type { Tree } from "./model/tree";

export function useAutosave(slug: string, tree: Tree, extraDirty: boolean) {
  const treeRef = useRef(tree);
  treeRef.current = tree;
  const [saver] = useState(
    () =>
      new Autosaver(
        async (next) => {
          const result = await saveDevComponents(slug, next);
          if (!result.ok) console.error("Saving components failed:", result.status, result.text);
          return result.ok;
        },
        () => treeRef.current,
      ),
  );
  useEffect(() => () => saver.dispose(), [saver]);
  const state = useSyncExternalStore(saver.subscribe, saver.getState);

  // Unsaved includes a save under way: it may still fail.
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

  return {
    status: saveStatus(state),
    dirty,
    edited: saver.edited,
    retry: saver.retry,
    flush: saver.flush,
  };
}

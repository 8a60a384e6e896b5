// The table settings of this browser (section 3 'Local browser storage'), read once per project and
// written through on every change. The zoom slider moves at once; its stored and applied value
// follows 250 ms after the last change (section 5), so dragging does not relayout the board per pixel.

import { useCallback, useEffect, useRef, useState } from "react";
import { local } from "../../lib/storage";
import { readSettings, type TableSettings, writeSetting, ZOOM } from "./settings";

export function useTableSettings(slug: string) {
  const [settings, setSettings] = useState<TableSettings>(() => readSettings(local, slug));
  /** The zoom slider's position: ahead of settings.zoom while a change is debounced. */
  const [zoomDraft, setZoomDraft] = useState(settings.zoom);
  const timer = useRef<number | null>(null);

  const update = useCallback(
    <K extends keyof TableSettings>(key: K, value: TableSettings[K]) => {
      setSettings(writeSetting(local, slug, key, value));
    },
    [slug],
  );

  const setZoom = useCallback(
    (zoom: number, immediate = false) => {
      setZoomDraft(zoom);
      if (timer.current !== null) window.clearTimeout(timer.current);
      if (immediate) {
        update("zoom", zoom);
        return;
      }
      timer.current = window.setTimeout(() => {
        timer.current = null;
        update("zoom", zoom);
      }, ZOOM.debounceMs);
    },
    [update],
  );

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  return { settings, update, zoomDraft, setZoom };
}

export type TableSettingsState = ReturnType<typeof useTableSettings>;

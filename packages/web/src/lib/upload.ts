// File uploads with progress: fetch reports no upload progress, XMLHttpRequest does. Answers like api():
// the server's text (or JSON) on success, its plain-text message on failure.

import { type ApiResult, NETWORK_ERROR } from "./api";

export interface UploadOptions {
  /** Fraction sent so far, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function upload<T = unknown>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      let json: T | undefined;
      if ((xhr.getResponseHeader("content-type") ?? "").includes("json")) {
        try {
          json = JSON.parse(text) as T;
        } catch {
          json = undefined;
        }
      }
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, text, json });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, text: NETWORK_ERROR, json: undefined });
    xhr.onabort = () => resolve({ ok: false, status: 0, text: "Upload cancelled.", json: undefined });
    options.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
}

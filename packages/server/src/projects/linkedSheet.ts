import { XLSX_MAX_BYTES } from "@tt/protocol";
import { DomainError } from "../errors";

// A linked spreadsheet (admin-decks-editor.md section 7, update-data-sheet and update-deck-source-sheet):
// the server downloads the sheet id's .xlsx export from a configurable URL template, so any service
// that exports a workbook by id works, and tests can point it at a local server.

export const DEFAULT_SHEET_URL_TEMPLATE = "https://docs.google.com/spreadsheets/d/{id}/export?format=xlsx";
const GOOGLE_SHEET_PAGE = "https://docs.google.com/spreadsheets/d/{id}";

/**
 * The page 'Open the spreadsheet' opens when SHEET_OPEN_URL_TEMPLATE is unset: the sheet's page at
 * Google for the default export, else the configured export itself (another host's sheet is opened,
 * or downloaded, where the server fetches it, never at a provider the operator did not choose).
 */
export function sheetOpenUrlTemplate(fetchTemplate: string): string {
  return fetchTemplate === DEFAULT_SHEET_URL_TEMPLATE ? GOOGLE_SHEET_PAGE : fetchTemplate;
}

/** Sheet ids go into a URL: letters, digits, '-' and '_' only, so an id cannot change the host or path. */
export const SHEET_ID_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;
const FETCH_TIMEOUT_MS = 20_000;

export function sheetUrl(template: string, sheetId: string): string {
  if (!SHEET_ID_PATTERN.test(sheetId)) {
    throw new DomainError("bad-request", "A sheet id has only letters, digits, '-' and '_'.");
  }
  return template.replaceAll("{id}", sheetId);
}

/** The export's bytes, at most XLSX_MAX_BYTES; a failure is a DomainError with a message for the page. */
export async function fetchLinkedSheet(template: string, sheetId: string): Promise<Buffer> {
  const url = sheetUrl(template, sheetId);
  let response: Response;
  try {
    response = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (err) {
    const reason =
      (err as Error).name === "TimeoutError" ? "it did not answer in time" : (err as Error).message;
    throw new DomainError("upstream-failed", `Could not fetch the sheet: ${reason}.`);
  }
  if (!response.ok) {
    throw new DomainError(
      "upstream-failed",
      response.status === 404 || response.status === 401 || response.status === 403
        ? `The sheet could not be read (${response.status}): check the id and that it is shared for reading.`
        : `The sheet could not be read: ${response.status} ${response.statusText}.`,
    );
  }
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > XLSX_MAX_BYTES) throw new DomainError("too-large", "The sheet is larger than 10 MB.");
  // Read in chunks and stop at the cap: a server may not declare its length.
  const reader = response.body?.getReader();
  if (!reader) throw new DomainError("upstream-failed", "The sheet answered with no content.");
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > XLSX_MAX_BYTES) {
      await reader.cancel();
      throw new DomainError("too-large", "The sheet is larger than 10 MB.");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

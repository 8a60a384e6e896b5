import type { Deck } from "@tt/engine";
import {
  ASSET_MAX_BYTES,
  DECK_NAME_PATTERN,
  DECK_SHEET_DEFAULTS,
  type DecksInfo,
  type DeckUpdate,
  PSD_MAX_BYTES,
  STATUS,
  UPLOAD_MAX_BYTES,
  XLSX_MAX_BYTES,
} from "@tt/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { isFontName } from "../decks/font";
import type { Workbook } from "../decks/xlsx";
import type { AppDeps } from "../deps";
import { loadAdminProject } from "../projects/admin";
import { mayMaintainDecks } from "../projects/adminRules";
import {
  addDeckAssets,
  createDeck,
  type DeckStorage,
  decksOf,
  eraseDeck,
  eraseDeckAsset,
  saveDataSheet,
  updateDeckPsd,
  updateDeckSheet,
} from "../projects/decks";
import { fetchLinkedSheet } from "../projects/linkedSheet";
import type { ProjectRow } from "../projects/load";
import { baseName } from "../storage/assetCheck";
import { type UploadWork, uploadWork } from "../work/uploads";
import { requireActor } from "./context";
import { firstIssue, HttpError, sendText } from "./errors";
import { accepted, uploaderOf, uploaderWithRoom } from "./workAnswer";

// Data sheet and deck calls of admin-decks-editor.md section 7. Reading is for the project's admins
// (mods, designers, site admins: they see the sections); changing decks and the data sheet is for
// designers and site admins (section 1: designers maintain decks). Errors answer as text, which the
// page shows as the status.

type SlugParams = { Params: { slug: string } };

const deckName = z
  .string()
  .trim()
  .regex(
    DECK_NAME_PATTERN,
    "A deck name has 1-40 letters, digits, spaces, '-' or '_', starting with a letter or digit.",
  );
const sheetName = (fallback: string) =>
  z
    .string()
    .trim()
    .max(100)
    .transform((v) => v || fallback)
    .default(fallback);
const sheetSettings = z.object({
  deckId: z.string().min(1).max(40),
  deckName,
  sheetId: z.string().trim().max(200).default(""),
  rulesSheetName: sheetName(DECK_SHEET_DEFAULTS.rulesSheetName),
  rulesRevSheetName: sheetName(DECK_SHEET_DEFAULTS.rulesRevSheetName),
  dataSheetName: sheetName(DECK_SHEET_DEFAULTS.dataSheetName),
  projectSlug: z.string().optional(),
});
const dataSheetBody = z.object({ dataSheetId: z.string().trim().max(200) });
const createDeckBody = z.object({ deckName });
const eraseDeckBody = z.object({ deckId: z.string().min(1).max(40) });
const eraseAssetBody = z.object({
  targetId: z.string().min(1).max(40),
  assetName: z.string().min(1).max(200),
  assetUrl: z.string().max(2000).optional(),
});

interface Upload {
  fields: Record<string, string>;
  files: { field: string; filename: string; bytes: Buffer }[];
}

const MB = 1024 * 1024;

/**
 * Every field and file of a multipart request, each file at most maxBytes and all of them together at
 * most totalBytes (413 beyond, with the limit in words). Files are held in memory for the parsers, so
 * the total is what one request may cost; the rest of an oversized body is drained, not buffered.
 */
async function readMultipart(
  request: FastifyRequest,
  maxBytes: number,
  totalBytes = maxBytes,
): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(400, "Send the file as multipart/form-data.");
  const upload: Upload = { fields: {}, files: [] };
  let total = 0;
  let refusal: HttpError | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === "file") {
        if (refusal) {
          await drain(part.file);
          continue;
        }
        const bytes = await part.toBuffer();
        total += bytes.length;
        if (total > totalBytes)
          refusal = new HttpError(
            413,
            `One upload may hold at most ${totalBytes / MB} MB: send fewer files.`,
          );
        else upload.files.push({ field: part.fieldname, filename: part.filename, bytes });
      } else if (typeof part.value === "string") upload.fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new HttpError(413, `The file is larger than ${maxBytes / MB} MB.`);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw new HttpError(413, "Too many files or fields in one upload.");
    throw err;
  }
  if (refusal) throw refusal;
  return upload;
}

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _chunk of stream) {
    // Discarded: read only so the request finishes and the answer is the refusal.
  }
}

export function deckRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  storage: DeckStorage,
  /** Linked sheets: where the server fetches one (`fetch`), where a designer opens one (`open`). */
  sheetTemplates: { fetch: string; open: string },
): void {
  const { db } = deps.database;
  const sheetUrlTemplate = sheetTemplates.fetch;
  // Reading every uploaded file (.psd, .xlsx, images, fonts) and big decks' reports: off this thread,
  // each counted against the user who sent it.
  const work = uploadWork(deps.config.work);
  const workbookOf = async (bytes: Buffer, request: FastifyRequest, reply: FastifyReply) =>
    accepted(await work.workbook(bytes, uploaderOf(request)), request, reply);

  async function maintainer(request: FastifyRequest<SlugParams>): Promise<ProjectRow> {
    const actor = requireActor(request);
    const project = await loadAdminProject(db, request.params.slug, actor);
    if (!mayMaintainDecks(actor, project)) {
      throw new HttpError(
        403,
        "Only the project's designers and site admins may change decks and the data sheet.",
      );
    }
    return project;
  }

  /** The decks and the data sheet's outline, for the admin page. */
  app.get<SlugParams>("/api/projects/:slug/decks", async (request): Promise<DecksInfo> => {
    const actor = requireActor(request);
    const project = await loadAdminProject(db, request.params.slug, actor);
    const sheets = project.dataSheet ?? {};
    return {
      decks: decksOf(project),
      dataSheetId: project.dataSheetId,
      dataSheet: Object.fromEntries(Object.entries(sheets).map(([name, rows]) => [name, rows.length])),
      mayEdit: mayMaintainDecks(actor, project),
      sheetOpenUrl: sheetTemplates.open,
    };
  });

  app.post<SlugParams>("/api/projects/update-data-sheet/:slug", async (request, reply) => {
    const project = await maintainer(request);
    const body = dataSheetBody.safeParse(request.body ?? {});
    if (!body.success) throw new HttpError(400, firstIssue(body.error));
    if (body.data.dataSheetId === "") {
      await saveDataSheet(db, project.slug, { sheets: project.dataSheet ?? {} }, "");
      return sendText(reply, 200, STATUS.updateSuccess);
    }
    uploaderWithRoom(work, request, reply);
    const sheet = await fetchLinkedSheet(sheetUrlTemplate, body.data.dataSheetId);
    const book = await workbookOf(sheet, request, reply);
    await saveDataSheet(db, project.slug, book, body.data.dataSheetId);
    return sendText(reply, 200, withSheetNotes(STATUS.updateSuccess, book));
  });

  app.post<SlugParams>("/api/projects/upload-data-sheet/:slug", async (request, reply) => {
    const project = await maintainer(request);
    uploaderWithRoom(work, request, reply);
    const upload = await readMultipart(request, XLSX_MAX_BYTES);
    const file = upload.files[0];
    if (!file) throw new HttpError(400, "Choose an .xlsx file to upload.");
    const book = await workbookOf(file.bytes, request, reply);
    await saveDataSheet(db, project.slug, book);
    return sendText(reply, 200, withSheetNotes(STATUS.uploadSuccess, book));
  });

  app.post<SlugParams>("/api/projects/create-deck/:slug", async (request) => {
    const project = await maintainer(request);
    const body = createDeckBody.safeParse(request.body ?? {});
    if (!body.success) throw new HttpError(400, firstIssue(body.error));
    return createDeck(db, project, body.data.deckName);
  });

  app.post<SlugParams>("/api/projects/:slug/erase-deck", async (request, reply) => {
    const project = await maintainer(request);
    const body = eraseDeckBody.safeParse(request.body ?? {});
    if (!body.success) throw new HttpError(400, firstIssue(body.error));
    await eraseDeck(db, project, body.data.deckId, storage);
    return sendText(reply, 200, "Deck deleted.");
  });

  /**
   * Rules, reverse rules and cards from a workbook: an .xlsx sent with the settings (multipart), else
   * the linked sheet id, else the project's data sheet.
   */
  app.post<SlugParams>("/api/update-deck-source-sheet/:slug", async (request, reply) => {
    const project = await maintainer(request);
    let raw: unknown = request.body;
    let uploaded: Buffer | undefined;
    if (request.isMultipart()) {
      uploaderWithRoom(work, request, reply);
      const upload = await readMultipart(request, XLSX_MAX_BYTES);
      raw = upload.fields;
      uploaded = upload.files[0]?.bytes;
    }
    const settings = sheetSettings.safeParse(raw ?? {});
    if (!settings.success) throw new HttpError(400, firstIssue(settings.error));
    let book: Workbook;
    if (uploaded) book = await workbookOf(uploaded, request, reply);
    else if (settings.data.sheetId !== "") {
      uploaderWithRoom(work, request, reply);
      const sheet = await fetchLinkedSheet(sheetUrlTemplate, settings.data.sheetId);
      book = await workbookOf(sheet, request, reply);
    } else if (project.dataSheet) book = { sheets: project.dataSheet };
    else
      throw new HttpError(400, "Link a sheet id, upload an .xlsx, or give the project a data sheet first.");
    // What the viewer, the table and print would trip over, said now (engine deckReport).
    return withReport(work, await updateDeckSheet(db, project, settings.data, book), uploaderOf(request));
  });

  /** Images of the deck's own (icons, art named by set_image): multipart 'additional-assets' + targetId. */
  app.post<SlugParams>("/api/update-deck-assets/:slug", async (request, reply) => {
    const project = await maintainer(request);
    const owner = uploaderWithRoom(work, request, reply);
    const upload = await readMultipart(request, ASSET_MAX_BYTES, UPLOAD_MAX_BYTES);
    const deckId = upload.fields.targetId ?? "";
    if (deckId === "") throw new HttpError(400, "Which deck? targetId is missing.");
    if (upload.files.length === 0) throw new HttpError(400, "Choose one or more images or fonts to upload.");
    const files = [];
    // One after another: one upload of many files takes one place in the workers' queue at a time.
    for (const f of upload.files) {
      if (isFontName(baseName(f.filename))) {
        const asset = accepted(await work.font(f.filename, f.bytes, ASSET_MAX_BYTES, owner), request, reply);
        files.push({ name: asset.name, bytes: asset.bytes, type: asset.type, aspect: 1, font: asset.font });
        continue;
      }
      const asset = accepted(await work.image(f.filename, f.bytes, owner), request, reply);
      const aspect = asset.width && asset.height ? asset.width / asset.height : 1;
      files.push({ name: asset.name, bytes: asset.bytes, type: asset.type, aspect });
    }
    await addDeckAssets(db, storage, project, deckId, files);
    return sendText(reply, 200, STATUS.assetsUpdated);
  });

  app.post<SlugParams>("/api/erase-deck-asset/:slug", async (request) => {
    const project = await maintainer(request);
    const body = eraseAssetBody.safeParse(request.body ?? {});
    if (!body.success) throw new HttpError(400, firstIssue(body.error));
    return eraseDeckAsset(db, storage, project, body.data.targetId, body.data.assetName);
  });

  app.post<SlugParams>("/api/update-deck-source-psd/:slug", async (request, reply) => {
    const project = await maintainer(request);
    const owner = uploaderWithRoom(work, request, reply);
    const upload = await readMultipart(request, PSD_MAX_BYTES);
    const file = upload.files.find((f) => f.field === "psdfile") ?? upload.files[0];
    if (!file) throw new HttpError(400, "Choose a .psd file to upload.");
    const deckId = upload.fields.deckId ?? "";
    if (deckId === "") throw new HttpError(400, "Which deck? deckId is missing.");
    const template = accepted(await work.psd(file.bytes, owner), request, reply);
    return withReport(work, await updateDeckPsd(db, storage, project, deckId, template), owner);
  });
}

/** A data sheet's success text, with what reading it left out (hidden rows and columns), if anything. */
function withSheetNotes(text: string, book: Workbook): string {
  const notes = Object.values(book.notes ?? {}).flat();
  return notes.length === 0 ? text : `${text}. ${notes.join(" ")}`;
}

/** A changed deck with its report: rows left out and the problems its cards meet (DeckUpdate). */
async function withReport(work: UploadWork, deck: Deck, owner: string): Promise<DeckUpdate> {
  return { ...deck, problems: await work.report(deck, owner) };
}

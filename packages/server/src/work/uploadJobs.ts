import { type Deck, deckReport } from "@tt/engine";
import { checkFont } from "../decks/font";
import { parsePsd } from "../decks/psd";
import { parseWorkbook } from "../decks/xlsx";
import { checkAsset } from "../storage/assetCheck";
import type { Job } from "./pool";
import { asBuffer } from "./transfer";

// What an upload's worker runs (uploadWorker.ts serves this table; uploads.ts sends the jobs). Each job
// is one of the pure readers and checkers, unchanged: bytes in, a value or a refusal value out.

/** The deck fields the report reads (engine deckReport). */
export type ReportInput = Parameters<typeof deckReport>[0];

const psd: Job<Uint8Array, ReturnType<typeof parsePsd>> = {
  run: (bytes) => parsePsd(asBuffer(bytes)),
  transfer: (parsed) => (parsed.ok ? Object.values(parsed.value.images) : []),
};

const workbook: Job<Uint8Array, Awaited<ReturnType<typeof parseWorkbook>>> = {
  run: (bytes) => parseWorkbook(asBuffer(bytes)),
};

const image: Job<{ name: string; bytes: Uint8Array }, ReturnType<typeof checkAsset>> = {
  run: ({ name, bytes }) => checkAsset(name, asBuffer(bytes)),
  transfer: (checked) => (checked.ok ? [checked.asset.bytes] : []),
};

const font: Job<{ name: string; bytes: Uint8Array; maxBytes: number }, ReturnType<typeof checkFont>> = {
  run: ({ name, bytes, maxBytes }) => checkFont(name, asBuffer(bytes), maxBytes),
  transfer: (checked) => (checked.ok ? [checked.asset.bytes] : []),
};

const report: Job<ReportInput, string[]> = {
  run: (deck) => deckReport(deck as Deck),
};

export const uploadJobs = { psd, workbook, image, font, report };
export type UploadJobs = typeof uploadJobs;

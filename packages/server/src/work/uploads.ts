import { type Deck, deckReport, REPORT_MAX_CARDS } from "@tt/engine";
import { ASSET_MAX_BYTES } from "@tt/protocol";
import type { Config } from "../config";
import { type CheckedFont, checkFont } from "../decks/font";
import type { PsdTemplate } from "../decks/psd";
import type { Workbook } from "../decks/xlsx";
import { type CheckedAsset, checkAsset } from "../storage/assetCheck";
import { WorkerPool, type WorkRefusal } from "./pool";
import { asBuffer, transferList } from "./transfer";
import type { ReportInput, UploadJobs } from "./uploadJobs";

// What the routes call to read and check uploads off the server's thread (pool.ts says why). Each
// answer is a value: what was read, or a refusal with the HTTP status and the text the admin page
// shows, the parser's own (400, 413) or the pool's (busy 503, too long or too big 413, failed 500).

/** A refusal as the route answers it; `detail` is for the log (why a worker failed). */
export interface UploadRefusal {
  ok: false;
  status: number;
  message: string;
  detail?: string;
}
export type Checked<T> = { ok: true; value: T } | UploadRefusal;

export const BUSY = "The server is busy with other uploads; try again in a minute.";
/** The report's line when its check could not run; the deck itself was saved. */
export const REPORT_SKIPPED =
  "The deck was saved, but its cards were not checked: the server is busy, or the check took too long. Upload it again later to see what they trip over.";

/**
 * Below these sizes a file is checked on the server's thread: a few milliseconds, and an icon should
 * not wait behind someone's .psd for a worker. A large SVG (10 MB: 6 s here) or font (400 kB woff2:
 * 150 ms) goes to a worker.
 */
const INLINE_SVG_BYTES = 64 * 1024;
const INLINE_FONT_BYTES = 64 * 1024;
/** Rule runs (cards x rules) under which a deck's report is made here (100,000 take ~30-60 ms). */
const INLINE_REPORT_RUNS = 5_000;

export type WorkSettings = Config["work"];

export class UploadWork {
  readonly pool: WorkerPool<UploadJobs>;

  constructor(readonly settings: WorkSettings) {
    this.pool = new WorkerPool<UploadJobs>({
      entry: new URL("./uploadWorker.ts", import.meta.url),
      size: settings.threads,
      queueMax: settings.queue,
      timeoutMs: settings.timeoutMs,
      memoryMb: settings.memoryMb,
    });
  }

  /** A card template from a .psd. `bytes` is moved to the worker: the caller must not read it after. */
  async psd(bytes: Buffer): Promise<Checked<PsdTemplate>> {
    const done = await this.pool.run("psd", bytes, transferList(bytes));
    if (!done.ok) return this.refusal(done, "the .psd file");
    const parsed = done.value;
    if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
    const images = Object.fromEntries(Object.entries(parsed.value.images).map(([k, v]) => [k, asBuffer(v)]));
    return { ok: true, value: { ...parsed.value, images } };
  }

  /** A workbook's sheets from an .xlsx. `bytes` is moved to the worker. */
  async workbook(bytes: Buffer): Promise<Checked<Workbook>> {
    const done = await this.pool.run("workbook", bytes, transferList(bytes));
    if (!done.ok) return this.refusal(done, "the workbook");
    const parsed = done.value;
    return parsed.ok ? parsed : { ok: false, status: 400, message: parsed.message };
  }

  /** An uploaded image as checkAsset checks it; a large SVG is sanitised in a worker (`bytes` moved). */
  async image(filename: string, bytes: Buffer): Promise<Checked<CheckedAsset>> {
    const large = bytes.length > INLINE_SVG_BYTES && bytes.length <= ASSET_MAX_BYTES;
    const checked =
      large && /\.svg$/i.test(filename.trim())
        ? await this.pool.run("image", { name: filename, bytes }, transferList(bytes))
        : { ok: true as const, value: checkAsset(filename, bytes) };
    if (!checked.ok) return this.refusal(checked, baseLabel(filename));
    const result = checked.value;
    if (!result.ok) return { ok: false, status: result.status, message: result.message };
    return { ok: true, value: { ...result.asset, bytes: asBuffer(result.asset.bytes) } };
  }

  /** An uploaded font as checkFont checks it; a large one is read in a worker (`bytes` moved). */
  async font(filename: string, bytes: Buffer, maxBytes: number): Promise<Checked<CheckedFont>> {
    const checked =
      bytes.length > INLINE_FONT_BYTES && bytes.length <= maxBytes
        ? await this.pool.run("font", { name: filename, bytes, maxBytes }, transferList(bytes))
        : { ok: true as const, value: checkFont(filename, bytes, maxBytes) };
    if (!checked.ok) return this.refusal(checked, baseLabel(filename));
    const result = checked.value;
    if (!result.ok) return { ok: false, status: result.status, message: result.message };
    return { ok: true, value: { ...result.asset, bytes: asBuffer(result.asset.bytes) } };
  }

  /**
   * What a deck's cards trip over (engine deckReport). A big deck's is made in a worker; when that
   * cannot be done now, the report says so in its one line (the deck was saved all the same).
   */
  async report(deck: Deck): Promise<string[]> {
    const cards = Math.min(deck.cards.length, REPORT_MAX_CARDS);
    const runs = cards * Math.max(1, deck.rules.length + deck.rulesRev.length);
    if (runs <= INLINE_REPORT_RUNS || deck.layers.length === 0) return deckReport(deck);
    const input: ReportInput = {
      cards: deck.cards,
      cardInfo: deck.cardInfo,
      layers: deck.layers,
      rules: deck.rules,
      rulesRev: deck.rulesRev,
      assets: deck.assets,
      sheetRows: deck.sheetRows,
      sheetNotes: deck.sheetNotes,
      psdNotes: deck.psdNotes,
    };
    const done = await this.pool.run("report", input);
    return done.ok ? done.value : [REPORT_SKIPPED];
  }

  private refusal(done: { ok: false; refusal: WorkRefusal; detail?: string }, label: string): UploadRefusal {
    const seconds = +(this.settings.timeoutMs / 1000).toFixed(1);
    const smaller = "make the file smaller or simpler and upload it again.";
    const answers: Record<WorkRefusal, [number, string]> = {
      busy: [503, BUSY],
      timeout: [413, `Reading ${label} took more than ${seconds} seconds and was stopped: ${smaller}`],
      memory: [
        413,
        `Reading ${label} needed more than ${this.settings.memoryMb} MB of memory and was stopped: ${smaller}`,
      ],
      crashed: [500, `Reading ${label} failed on the server. Try again; if it fails again, ${smaller}`],
    };
    const [status, message] = answers[done.refusal];
    return { ok: false, status, message, ...(done.detail === undefined ? {} : { detail: done.detail }) };
  }
}

/** A file's name as the messages say it. */
function baseLabel(filename: string): string {
  return filename.replace(/^.*[\\/]/, "").trim() || "the file";
}

const pools = new Map<string, UploadWork>();

/**
 * The server process's upload workers. Every route shares them, so one queue holds every upload of the
 * process (the tests' servers in one process with the same settings share it too).
 */
export function uploadWork(settings: WorkSettings): UploadWork {
  const key = JSON.stringify(settings);
  let work = pools.get(key);
  if (!work) {
    work = new UploadWork(settings);
    pools.set(key, work);
  }
  return work;
}

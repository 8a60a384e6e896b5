import { type Deck, deckReport, REPORT_MAX_CARDS } from "@tt/engine";
import { UPLOAD_LIMIT_MESSAGES } from "@tt/protocol";
import type { Config } from "../config";
import type { CheckedFont } from "../decks/font";
import type { PsdTemplate } from "../decks/psd";
import type { Workbook } from "../decks/xlsx";
import type { CheckedAsset } from "../storage/assetCheck";
import { type OwnedOutcome, WorkerPool } from "./pool";
import { asBuffer, transferList } from "./transfer";
import type { ReportInput, UploadJobs } from "./uploadJobs";

// What the routes call to read and check uploads off the server's thread (pool.ts says why). Every
// upload is read in a worker whatever its size (issue 36 point 5: an 895-byte WOFF2 unpacked to 1 GiB
// on the server's thread when small fonts were read in place); the server's thread only moves bytes.
// Each job counts against the user it reads for (`owner`: at most WORK_JOBS_PER_USER running or
// waiting in this process). Each answer is a value: what was read, or a refusal with the HTTP status
// and the text the admin page shows, the parser's own (400, 413) or the pool's (the user's share
// taken 429, busy 503, too long or too big 413, failed 500).

/** A refusal as the route answers it; `detail` is for the log (why a worker failed). */
export interface UploadRefusal {
  ok: false;
  status: number;
  message: string;
  /** Seconds to send with Retry-After (429, 503). */
  retryAfter?: number;
  detail?: string;
}
export type Checked<T> = { ok: true; value: T } | UploadRefusal;

export const BUSY = "The server is busy with other uploads; try again in a minute.";
/** The report's line when its check could not run; the deck itself was saved. */
export const REPORT_SKIPPED =
  "The deck was saved, but its cards were not checked: the server is busy, or the check took too long. Upload it again later to see what they trip over.";

/** How long a refused upload is told to wait when the server is busy with everyone's. */
const BUSY_RETRY_SECONDS = 60;
/**
 * Rule runs (cards x rules) under which a deck's report is made here (100,000 take ~30-60 ms). The
 * report reads the deck as stored, parsed and bounded already, not the user's file.
 */
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
      perOwner: settings.perUser,
    });
  }

  /**
   * A card template from a .psd, read for `owner` (the uploader: uploaderOf in http/workAnswer.ts).
   * `bytes` is moved to the worker: the caller must not read it after.
   */
  async psd(bytes: Buffer, owner: string): Promise<Checked<PsdTemplate>> {
    const done = await this.pool.runFor(owner, "psd", bytes, transferList(bytes));
    if (!done.ok) return this.refusal(done, "the .psd file");
    const parsed = done.value;
    if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
    const images = Object.fromEntries(Object.entries(parsed.value.images).map(([k, v]) => [k, asBuffer(v)]));
    return { ok: true, value: { ...parsed.value, images } };
  }

  /** A workbook's sheets from an .xlsx. `bytes` is moved to the worker. */
  async workbook(bytes: Buffer, owner: string): Promise<Checked<Workbook>> {
    const done = await this.pool.runFor(owner, "workbook", bytes, transferList(bytes));
    if (!done.ok) return this.refusal(done, "the workbook");
    const parsed = done.value;
    return parsed.ok ? parsed : { ok: false, status: 400, message: parsed.message };
  }

  /** An uploaded image as checkAsset checks it, in a worker (`bytes` moved). */
  async image(filename: string, bytes: Buffer, owner: string): Promise<Checked<CheckedAsset>> {
    const checked = await this.pool.runFor(owner, "image", { name: filename, bytes }, transferList(bytes));
    if (!checked.ok) return this.refusal(checked, baseLabel(filename));
    const result = checked.value;
    if (!result.ok) return { ok: false, status: result.status, message: result.message };
    return { ok: true, value: { ...result.asset, bytes: asBuffer(result.asset.bytes) } };
  }

  /** An uploaded font as checkFont checks it, in a worker (`bytes` moved). */
  async font(
    filename: string,
    bytes: Buffer,
    maxBytes: number,
    owner: string,
  ): Promise<Checked<CheckedFont>> {
    const input = { name: filename, bytes, maxBytes };
    const checked = await this.pool.runFor(owner, "font", input, transferList(bytes));
    if (!checked.ok) return this.refusal(checked, baseLabel(filename));
    const result = checked.value;
    if (!result.ok) return { ok: false, status: result.status, message: result.message };
    return { ok: true, value: { ...result.asset, bytes: asBuffer(result.asset.bytes) } };
  }

  /**
   * The refusal `owner`'s next upload would meet now because they hold their share of the workers, or
   * null. Routes ask before reading a request's files, so a refused upload is not buffered first; the
   * pool decides again when each job comes (runFor).
   */
  shareTaken(owner: string): UploadRefusal | null {
    return this.pool.heldBy(owner) >= this.settings.perUser
      ? this.refusal({ ok: false, refusal: "owner-full" }, "")
      : null;
  }

  /**
   * What a deck's cards trip over (engine deckReport). A big deck's is made in a worker, counted against
   * `owner` like an upload (a designer re-saving a big deck over and over would fill the queue too);
   * when that cannot be done now, the report says so in its one line (the deck was saved all the same).
   */
  async report(deck: Deck, owner: string): Promise<string[]> {
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
    const done = await this.pool.runFor(owner, "report", input);
    return done.ok ? done.value : [REPORT_SKIPPED];
  }

  private refusal(done: Extract<OwnedOutcome<unknown>, { ok: false }>, label: string): UploadRefusal {
    const seconds = +(this.settings.timeoutMs / 1000).toFixed(1);
    const smaller = "make the file smaller or simpler and upload it again.";
    // A user at their share has a job running or about first in line for a worker (pool.ts takeNext),
    // so a place of theirs frees within about one job's time limit.
    const yours = Math.ceil(this.settings.timeoutMs / 1000);
    const answers: Record<typeof done.refusal, [number, string, number?]> = {
      "owner-full": [429, UPLOAD_LIMIT_MESSAGES.tooManyUploads(this.settings.perUser), yours],
      busy: [503, BUSY, BUSY_RETRY_SECONDS],
      timeout: [413, `Reading ${label} took more than ${seconds} seconds and was stopped: ${smaller}`],
      memory: [
        413,
        `Reading ${label} needed more than ${this.settings.memoryMb} MB of memory and was stopped: ${smaller}`,
      ],
      crashed: [500, `Reading ${label} failed on the server. Try again; if it fails again, ${smaller}`],
    };
    const [status, message, retryAfter] = answers[done.refusal];
    return {
      ok: false,
      status,
      message,
      ...(retryAfter === undefined ? {} : { retryAfter }),
      ...(done.detail === undefined ? {} : { detail: done.detail }),
    };
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

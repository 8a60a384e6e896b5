import ExcelJS from "exceljs";
import { z } from "zod";
import { megabytes, type Parsed, refuse } from "./parsed";
import { checkZip } from "./zipCheck";

// The data sheet and a deck's rules/rules_rev/data sheets arrive as an uploaded .xlsx
// (admin-decks-editor.md sections 2, 3 and 7). This turns a workbook into plain rows keyed by the
// header row, so the rest of the server never sees spreadsheet-library types. Pure: bytes in, value
// out; every problem with the file is a refusal value with a message the designer can act on.

export const cellValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CellValue = z.infer<typeof cellValueSchema>;
export const rowSchema = z.record(z.string(), cellValueSchema);
export type Row = z.infer<typeof rowSchema>;
export interface Workbook {
  /** Sheet name to its rows, in the workbook's sheet order. */
  sheets: Record<string, Row[]>;
  /** Sheet name to the sheet row number of each of its rows (the header is row 1 when first). */
  rowNumbers?: Record<string, number[]>;
  /** What was left out, per sheet: hidden rows and hidden columns ('Sheet 'data': hidden row 7 skipped.'). */
  notes?: Record<string, string[]>;
}

export interface XlsxLimits {
  maxFileBytes: number;
  /** What the zip may unpack to (see zipCheck.ts for why this is checked before parsing). */
  maxUnpackedBytes: number;
  maxSheets: number;
  /** Cells written in the file, over all sheets, empty-but-formatted ones included. */
  maxCells: number;
  maxCellText: number;
  maxHeaderText: number;
}

// DESIGN.md 'Security model': uploads have size and type limits, parsers run with caps on cells. The
// numbers leave a real card game's sheets (hundreds of cards, tens of columns) far inside them.
export const XLSX_LIMITS: XlsxLimits = {
  maxFileBytes: 10 * 1024 * 1024,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxSheets: 100,
  maxCells: 200_000,
  maxCellText: 10_000,
  maxHeaderText: 200,
};

const MAX_ZIP_ENTRIES = 2_000;
export const NOT_XLSX = "The file is not a readable .xlsx workbook.";
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/;
// A cell element, with or without a namespace prefix (<c r="A1"> or <x:c r="A1">), not <col> or <cfRule>.
const CELL_ELEMENT = /<(?:[A-Za-z_][\w.-]*:)?c[\s/>]/g;

/**
 * Reads every sheet of the workbook. The first row holding any value is the header: names are trimmed,
 * columns with an empty header are ignored, and two columns with the same name are refused (rules and
 * cards address columns by name, so a silently renamed 'ID (2)' would quietly take the wrong value).
 * Every later row holding a value under some header becomes one object with a key per header. Formulas
 * give their cached result, rich text and hyperlinks their plain text, dates ISO strings, formula errors
 * their code ('#DIV/0!'); blank and whitespace-only text is null. A merged range counts once, in its
 * top-left cell.
 */
export async function parseWorkbook(
  buffer: Buffer,
  limits: Partial<XlsxLimits> = {},
): Promise<Parsed<Workbook>> {
  const lim = { ...XLSX_LIMITS, ...limits };
  if (buffer.length > lim.maxFileBytes) {
    return refuse(`The workbook is larger than ${megabytes(lim.maxFileBytes)}.`);
  }
  if (buffer.subarray(0, OLE_SIGNATURE.length).equals(OLE_SIGNATURE)) {
    return refuse(
      "The file is an old-style .xls or a password-protected workbook; save it as an unprotected .xlsx.",
    );
  }

  let sheetParts = 0;
  let cells = 0;
  let hasWorkbookPart = false;
  const zip = checkZip(
    buffer,
    { maxEntries: MAX_ZIP_ENTRIES, maxTotalBytes: lim.maxUnpackedBytes },
    NOT_XLSX,
    (name, data) => {
      if (name === "xl/workbook.xml") hasWorkbookPart = true;
      if (!WORKSHEET_PART.test(name)) return undefined;
      if (++sheetParts > lim.maxSheets) return `The workbook has more than ${lim.maxSheets} sheets.`;
      cells += data.toString("latin1").match(CELL_ELEMENT)?.length ?? 0;
      return cells > lim.maxCells ? `The workbook has more than ${lim.maxCells} cells.` : undefined;
    },
  );
  if (!zip.ok) return zip;
  if (!hasWorkbookPart) return refuse(NOT_XLSX);

  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own global Buffer type, which Node's Buffer no longer matches; it hands the
    // bytes to its zip reader, which takes a Node Buffer.
    await workbook.xlsx.load(buffer as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    return refuse(NOT_XLSX);
  }
  // Excel cannot save a workbook without a sheet: none means the parts are not a real workbook.
  if (workbook.worksheets.length === 0) return refuse(NOT_XLSX);
  if (workbook.worksheets.length > lim.maxSheets) {
    return refuse(`The workbook has more than ${lim.maxSheets} sheets.`);
  }

  const budget = { cells: lim.maxCells };
  const sheets: [string, Row[]][] = [];
  const rowNumbers: [string, number[]][] = [];
  const notes: [string, string[]][] = [];
  try {
    for (const worksheet of workbook.worksheets) {
      const rows = sheetRows(worksheet, lim, budget);
      if (!rows.ok) return rows;
      sheets.push([worksheet.name, rows.value.rows]);
      rowNumbers.push([worksheet.name, rows.value.numbers]);
      if (rows.value.notes.length > 0) notes.push([worksheet.name, rows.value.notes]);
    }
  } catch {
    // A file exceljs loaded but cannot walk (a malformed cell it half-parsed) is still a damaged file.
    return refuse(NOT_XLSX);
  }
  // fromEntries defines own properties, so a sheet or column called '__proto__' stays a plain key.
  return {
    ok: true,
    value: {
      sheets: Object.fromEntries(sheets),
      rowNumbers: Object.fromEntries(rowNumbers),
      notes: Object.fromEntries(notes),
    },
  };
}

/** '7', '7 and 9', '7, 9 and 12': the rows or columns a note names. */
function listed(items: (string | number)[]): string {
  const all = items.map(String);
  return all.length <= 1 ? (all[0] ?? "") : `${all.slice(0, -1).join(", ")} and ${all.at(-1)}`;
}

interface SheetRows {
  rows: Row[];
  /** The sheet row number of each row. */
  numbers: number[];
  notes: string[];
}

function sheetRows(
  worksheet: ExcelJS.Worksheet,
  lim: XlsxLimits,
  budget: { cells: number },
): Parsed<SheetRows> {
  const sheet = worksheet.name;
  let header: { column: number; name: string }[] | undefined;
  const rows: Row[] = [];
  const numbers: number[] = [];
  const hiddenRows: number[] = [];
  const hiddenColumns: string[] = [];
  let problem: string | undefined;

  worksheet.eachRow({ includeEmpty: false }, (row) => {
    if (problem) return;
    // A row the designer hid is left out (a card set aside, a note to self), and said so.
    if (header && row.hidden) {
      hiddenRows.push(row.number);
      return;
    }
    const values = new Map<number, CellValue>();
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (problem) return;
      // The other cells of a merged range answer the top-left cell's value; it counts once.
      if (cell.master !== cell) return;
      if (--budget.cells < 0) {
        problem = `The workbook has more than ${lim.maxCells} cells.`;
        return;
      }
      const value = plainValue(cell.value);
      if (typeof value === "string" && value.length > lim.maxCellText) {
        problem = `Sheet '${sheet}' cell ${cell.address} holds more than ${lim.maxCellText} characters.`;
        return;
      }
      if (value !== null) values.set(column, value);
    });
    if (problem || values.size === 0) return;

    if (!header) {
      header = [];
      const seen = new Map<string, string>();
      for (const [column, value] of [...values].sort((a, b) => a[0] - b[0])) {
        const name = headerName(value);
        if (name === "") continue;
        const address = row.getCell(column).address;
        // So is a hidden column.
        if (worksheet.getColumn(column).hidden) {
          hiddenColumns.push(`${name} (${worksheet.getColumn(column).letter})`);
          continue;
        }
        if (name.length > lim.maxHeaderText) {
          problem = `Sheet '${sheet}' header ${address} is longer than ${lim.maxHeaderText} characters.`;
          return;
        }
        const first = seen.get(name);
        if (first) {
          problem = `Sheet '${sheet}' has two columns named '${name}' (${first} and ${address}); rename one.`;
          return;
        }
        seen.set(name, address);
        header.push({ column, name });
      }
      return;
    }

    if (!header.some((h) => values.has(h.column))) return;
    rows.push(Object.fromEntries(header.map((h) => [h.name, values.get(h.column) ?? null])));
    numbers.push(row.number);
  });

  if (problem) return refuse(problem);
  const notes: string[] = [];
  if (hiddenRows.length > 0)
    notes.push(
      `Sheet '${sheet}': hidden ${hiddenRows.length === 1 ? "row" : "rows"} ${listed(hiddenRows)} left out.`,
    );
  if (hiddenColumns.length > 0)
    notes.push(
      `Sheet '${sheet}': hidden ${hiddenColumns.length === 1 ? "column" : "columns"} ${listed(hiddenColumns)} left out.`,
    );
  return { ok: true, value: { rows, numbers, notes } };
}

function headerName(value: CellValue): string {
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(value ?? "").trim();
}

/** One cell as a plain value (see parseWorkbook for the rules). */
function plainValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.trim() === "" ? null : value;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if ("richText" in value) return plainValue(value.richText.map((run) => run.text ?? "").join(""));
  // A hyperlink's text is itself rich text when the link is formatted.
  if ("hyperlink" in value) return plainValue(value.text as ExcelJS.CellValue);
  if ("formula" in value || "sharedFormula" in value) return plainValue(value.result);
  if ("error" in value) return value.error;
  return null;
}

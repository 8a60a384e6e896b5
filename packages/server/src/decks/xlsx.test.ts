import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { buildWorkbook } from "../../test/fixtures/xlsxFixture";
import { zip } from "../../test/fixtures/zipFixture";
import { NOT_XLSX, parseWorkbook, XLSX_LIMITS } from "./xlsx";

async function parsed(buffer: Buffer, limits = {}) {
  const result = await parseWorkbook(buffer, limits);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.value.sheets;
}

async function refusal(buffer: Buffer, limits = {}) {
  const result = await parseWorkbook(buffer, limits);
  if (result.ok) throw new Error("expected a refusal");
  return result.message;
}

describe("parseWorkbook", () => {
  it("reads every sheet's rows keyed by the trimmed header row", async () => {
    const sheets = await parsed(
      await buildWorkbook({
        data: [
          [],
          [null, null],
          [" ID ", "name", "cost", "rare", null, "note"],
          [1, "Goblin", 2, false, "under no header", null],
          [],
          [2, "Dragon", 7.5, true, null, "  "],
          [null, null, null, null, "only under no header"],
          [3, null, 0, null, null, "last"],
        ],
        rules: [
          ["layer", "rule", "arg"],
          ["title", "set_innerHTML", "name"],
        ],
        empty: [],
        "header only": [["a", "b"]],
      }),
    );
    expect(Object.keys(sheets)).toEqual(["data", "rules", "empty", "header only"]);
    expect(sheets.data).toEqual([
      { ID: 1, name: "Goblin", cost: 2, rare: false, note: null },
      { ID: 2, name: "Dragon", cost: 7.5, rare: true, note: null },
      { ID: 3, name: null, cost: 0, rare: null, note: "last" },
    ]);
    expect(sheets.rules).toEqual([{ layer: "title", rule: "set_innerHTML", arg: "name" }]);
    expect(sheets.empty).toEqual([]);
    expect(sheets["header only"]).toEqual([]);
  });

  it("gives formulas' cached results, plain text for rich text and links, ISO dates, error codes", async () => {
    const sheets = await parsed(
      await buildWorkbook({
        data: [
          ["sum", "label", "link", "when", "broken", "text formula", 7, true],
          [
            { formula: "1+2", result: 3 },
            { richText: [{ text: "Bold", font: { bold: true } }, { text: " move" }] },
            { text: "rules", hyperlink: "https://example.com/rules" },
            new Date(Date.UTC(2024, 1, 29, 12, 30)),
            { formula: "1/0", result: { error: "#DIV/0!" } },
            { formula: 'UPPER("x")', result: "X" },
            "seven",
            "yes",
          ],
          [{ formula: "A2*2" }, "plain", null, null, null, null, null, null],
        ],
      }),
    );
    expect(sheets.data).toEqual([
      {
        sum: 3,
        label: "Bold move",
        link: "rules",
        when: "2024-02-29T12:30:00.000Z",
        broken: "#DIV/0!",
        "text formula": "X",
        "7": "seven",
        TRUE: "yes",
      },
      // A formula saved without a cached result (never calculated) is empty, not its source text.
      {
        sum: null,
        label: "plain",
        link: null,
        when: null,
        broken: null,
        "text formula": null,
        "7": null,
        TRUE: null,
      },
    ]);
  });

  it("counts a merged range once, in its top-left cell", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("data");
    sheet.addRow(["a", "b", "c"]);
    sheet.addRow(["wide", null, "x"]);
    sheet.mergeCells("A2:B2");
    const sheets = await parsed(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(sheets.data).toEqual([{ a: "wide", b: null, c: "x" }]);
  });

  it("leaves hidden rows and columns out, says so, and keeps each row's number in the sheet", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("data");
    sheet.addRow(["ID", "name", "secret"]);
    sheet.addRow(["a", "A", "x"]);
    sheet.addRow([]);
    sheet.addRow(["b", "B", "y"]);
    sheet.addRow(["c", "C", "z"]);
    sheet.getRow(4).hidden = true;
    sheet.getColumn(3).hidden = true;
    const read = await parseWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()));
    if (!read.ok) throw new Error(read.message);
    expect(read.value.sheets.data).toEqual([
      { ID: "a", name: "A" },
      { ID: "c", name: "C" },
    ]);
    // Row 3 is blank and row 4 hidden: the rows kept are the sheet's rows 2 and 5.
    expect(read.value.rowNumbers?.data).toEqual([2, 5]);
    expect(read.value.notes?.data).toEqual([
      "Sheet 'data': hidden row 4 left out.",
      "Sheet 'data': hidden column secret (C) left out.",
    ]);
  });

  it("keeps a column called __proto__ as a plain key", async () => {
    const sheets = await parsed(await buildWorkbook({ ["__proto__"]: [["__proto__"], ["x"]] }));
    expect(Object.keys(sheets)).toEqual(["__proto__"]);
    const row = Object.getOwnPropertyDescriptor(sheets, "__proto__")?.value[0];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row ?? {})).toEqual(["__proto__"]);
  });

  it("refuses two columns with the same name, naming both cells", async () => {
    const message = await refusal(await buildWorkbook({ cards: [[], ["ID", "name", " ID"], [1, "a", 2]] }));
    expect(message).toBe("Sheet 'cards' has two columns named 'ID' (A2 and C2); rename one.");
  });

  it("refuses files past the size, sheet, cell and text limits", async () => {
    const book = await buildWorkbook({ a: [["h"], ["x"]], b: [["h"]], c: [["h"]] });
    expect(await refusal(book, { maxFileBytes: book.length - 1 })).toMatch(/^The workbook is larger than/);
    expect(await refusal(book, { maxSheets: 2 })).toBe("The workbook has more than 2 sheets.");
    expect(await refusal(book, { maxCells: 3 })).toBe("The workbook has more than 3 cells.");
    expect(await refusal(book, { maxUnpackedBytes: 1000 })).toBe("The file unpacks to more than 0 MB.");
    expect(await parsed(book, { maxSheets: 3, maxCells: 4 })).toHaveProperty("a", [{ h: "x" }]);

    const long = await buildWorkbook({
      data: [
        ["text", "x".repeat(40)],
        ["y".repeat(11), "ok"],
      ],
    });
    expect(await refusal(long, { maxHeaderText: 39 })).toBe(
      "Sheet 'data' header B1 is longer than 39 characters.",
    );
    expect(await refusal(long, { maxCellText: 10, maxHeaderText: 100 })).toBe(
      "Sheet 'data' cell B1 holds more than 10 characters.",
    );
  });

  it("has the documented default limits", () => {
    expect(XLSX_LIMITS).toMatchObject({
      maxFileBytes: 10 * 1024 * 1024,
      maxSheets: 100,
      maxCells: 200_000,
    });
  });

  it("refuses what is not a readable workbook, without throwing", async () => {
    const book = await buildWorkbook({ data: [["a"], [1]] });
    const unreadable = [
      Buffer.alloc(0),
      Buffer.from("ID,name\n1,Goblin\n"),
      Buffer.from("8BPS not really a psd"),
      book.subarray(0, Math.floor(book.length / 2)),
      book.subarray(0, book.length - 10),
      // Every byte of the entries' data flipped: the directory is intact, the contents are not.
      Buffer.concat([
        Buffer.from(book.subarray(0, 30)),
        Buffer.from(book.subarray(30, book.length - 800).map((b) => b ^ 0xff)),
        book.subarray(book.length - 800),
      ]),
      zip([{ name: "word/document.xml", data: Buffer.from("<w:document/>") }]),
      zip([
        { name: "xl/workbook.xml", data: Buffer.from("<workbook") },
        { name: "xl/worksheets/sheet1.xml", data: Buffer.from("not xml at all <<<") },
      ]),
    ];
    for (const bytes of unreadable) expect(await refusal(bytes)).toBe(NOT_XLSX);
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(await refusal(ole)).toMatch(/old-style \.xls or a password-protected workbook/);
  });

  it("refuses a zip bomb before inflating it, and an entry that lies about its size", async () => {
    const zeros = Buffer.alloc(60 * 1024 * 1024);
    const bomb = zip([
      { name: "xl/workbook.xml", data: Buffer.from("<workbook/>") },
      { name: "xl/worksheets/sheet1.xml", data: zeros },
    ]);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await refusal(bomb)).toBe("The file unpacks to more than 50 MB.");
    const liar = zip([
      { name: "xl/workbook.xml", data: Buffer.from("<workbook/>") },
      { name: "xl/worksheets/sheet1.xml", data: zeros, declaredSize: 1000 },
    ]);
    expect(await refusal(liar)).toBe(NOT_XLSX);
  });

  it("counts the cells written in the file before loading it", async () => {
    const cells = Array.from({ length: 30 }, (_, i) => `<c r="A${i + 1}"><v>${i}</v></c>`).join("");
    const prefixed = cells.replaceAll("<c ", "<x:c ").replaceAll("</c>", "</x:c>");
    const file = (xml: string) =>
      zip([
        { name: "xl/workbook.xml", data: Buffer.from("<workbook/>") },
        {
          name: "xl/worksheets/sheet1.xml",
          data: Buffer.from(`<worksheet><cols><col/></cols>${xml}</worksheet>`),
        },
      ]);
    expect(await refusal(file(cells), { maxCells: 29 })).toBe("The workbook has more than 29 cells.");
    expect(await refusal(file(prefixed), { maxCells: 29 })).toBe("The workbook has more than 29 cells.");
    // Within the limit the file goes on to the real parser, which finds no sheets in this stub.
    expect(await refusal(file(cells), { maxCells: 30 })).toBe(NOT_XLSX);
  });
});

import ExcelJS from "exceljs";

// Test support: a real .xlsx built with the spreadsheet library's own writer, so tests of the parser,
// the upload routes and the browser flows exercise the bytes Excel-compatible tools produce.

/**
 * A cell as the test writes it: a plain value, a Date, a formula with its cached result
 * ({ formula: "A2*2", result: 4 }), rich text ({ richText: [{ text: "a" }, { text: "b" }] }) or a
 * hyperlink ({ text: "site", hyperlink: "https://example.com" }). null leaves the cell empty.
 */
export type FixtureCell =
  | string
  | number
  | boolean
  | null
  | Date
  | ExcelJS.CellFormulaValue
  | ExcelJS.CellRichTextValue
  | ExcelJS.CellHyperlinkValue;

/** Sheet name to rows (row 1 first, column A first); an empty array is an empty row. */
export async function buildWorkbook(sheets: Record<string, FixtureCell[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const worksheet = workbook.addWorksheet(name);
    // Cell by cell rather than addRow, so empty rows and gaps stay exactly where the test put them.
    rows.forEach((row, r) => {
      row.forEach((value, c) => {
        if (value !== null) worksheet.getCell(r + 1, c + 1).value = value;
      });
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

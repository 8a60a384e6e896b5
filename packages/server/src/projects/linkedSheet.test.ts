import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";

// 'Open the spreadsheet' goes to the sheet host the server is set up with, never to one it is not.

describe("the page a linked sheet opens at", () => {
  it("is the sheet's page at Google for the default export", () => {
    expect(loadConfig({}).sheetOpenUrlTemplate).toBe("https://docs.google.com/spreadsheets/d/{id}");
  });

  it("is the configured export when another sheet host is set and no page is", () => {
    const config = loadConfig({ SHEET_URL_TEMPLATE: "https://sheets.example.test/export/{id}.xlsx" });
    expect(config.sheetOpenUrlTemplate).toBe("https://sheets.example.test/export/{id}.xlsx");
  });

  it("is SHEET_OPEN_URL_TEMPLATE when set", () => {
    const config = loadConfig({
      SHEET_URL_TEMPLATE: "https://sheets.example.test/export/{id}.xlsx",
      SHEET_OPEN_URL_TEMPLATE: "https://sheets.example.test/edit/{id}",
    });
    expect(config.sheetOpenUrlTemplate).toBe("https://sheets.example.test/edit/{id}");
  });

  it("refuses a page without the id or outside http(s)", () => {
    expect(() => loadConfig({ SHEET_OPEN_URL_TEMPLATE: "https://sheets.example.test/" })).toThrow(
      /SHEET_OPEN_URL_TEMPLATE/,
    );
    expect(() => loadConfig({ SHEET_OPEN_URL_TEMPLATE: "javascript:alert('{id}')" })).toThrow(
      /SHEET_OPEN_URL_TEMPLATE: must start with http/,
    );
  });
});

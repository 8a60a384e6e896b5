import path from "node:path";
import { type PixelData, writePsdBuffer } from "ag-psd";
import { describe, expect, it } from "vitest";
import { buildWorkbook } from "../packages/server/test/fixtures/xlsxFixture";
import { sharedSite } from "./harness";

// A designer's own font on the cards (issue 18, point 2): the .psd names 'TTBoxes-Bold' by its
// PostScript name; until the font is uploaded the card falls back to a stand-in, and once it is
// uploaded with the deck's assets the viewer draws the text in it. The test font's W is three times
// as wide as a sans-serif W, so the text's width tells which font drew it. The title is centred point
// text: it stays centred on its anchor whatever its width.

const port = String(21000 + Math.floor(Math.random() * 20000));
const site = sharedSite({ PORT: port });
const FONT = path.join(import.meta.dirname, "../packages/server/test/fixtures/fonts/TTBoxes-Bold.otf");

function solid(width: number, height: number, rgba: number[]): PixelData {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { width, height, data };
}

function fontCardPsd(): Buffer {
  return writePsdBuffer({
    width: 250,
    height: 350,
    imageData: solid(250, 350, [255, 255, 255, 255]),
    children: [
      { name: "background", left: 0, top: 0, imageData: solid(250, 350, [240, 230, 210, 255]) },
      {
        name: "title",
        left: 85,
        top: 12,
        imageData: solid(80, 20, [0, 0, 0, 255]),
        text: {
          text: "Title",
          transform: [1, 0, 0, 1, 125, 30],
          style: { font: { name: "TTBoxes-Bold" }, fontSize: 24, fillColor: { r: 0, g: 0, b: 0 } },
          paragraphStyle: { justification: "center" },
        },
      },
    ],
  });
}

describe("a designer's font", () => {
  it("draws the .psd's text in the uploaded font, centred on its anchor", async () => {
    const { page, errors } = await site.person("font_admin", "admin");
    await page.setViewportSize({ width: 1300, height: 1000 });
    await page.goto(`${site.server.url}/new-project`);
    await page.getByLabel("Slug").fill("font-cards");
    await page.getByLabel("Name").fill("Font Cards");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.getByRole("link", { name: "Font Cards" }).waitFor();

    await page.goto(`${site.server.url}/projects/font-cards/admin`);
    await page.getByLabel("New deck name").fill("spells");
    await page.getByRole("button", { name: "Create deck" }).click();
    const book = await buildWorkbook({
      data: [
        ["ID", "name"],
        ["w", "WWW"],
      ],
      rules: [
        ["layer", "rule", "arg"],
        ["title", "set_innerHTML", "{name}"],
      ],
    });
    await page.getByLabel("Spreadsheet for spells").setInputFiles({
      name: "spells.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: book,
    });
    await page.getByText("Update success: 1 card.").waitFor();
    await page.getByLabel("Photoshop file for spells").setInputFiles({
      name: "card.psd",
      mimeType: "image/vnd.adobe.photoshop",
      buffer: fontCardPsd(),
    });
    await page.getByText(".psd updated").waitFor();

    const preview = page.getByRole("region", { name: "Preview of spells" });
    const face = preview.locator("[data-card-face]").first();
    const text = face.locator('[data-layer="title"] > div');
    await text.getByText("WWW").waitFor();
    const measure = async () => {
      const card = (await face.boundingBox())!;
      const box = (await text.boundingBox())!;
      const scale = card.width / 250;
      return { width: box.width / scale, centre: (box.x - card.x + box.width / 2) / scale };
    };
    const stand_in = await measure();

    await page.getByLabel("Assets for spells").setInputFiles(FONT);
    await page.getByText("assets updated").waitFor();
    await page.getByRole("img", { name: "Font TT Boxes, PostScript name TTBoxes-Bold" }).waitFor();
    // 'WWW' at 24 px in the test font: three 1.8 em glyphs, about 130 card px.
    await expect.poll(async () => (await measure()).width, { timeout: 10_000 }).toBeGreaterThan(120);
    const drawn = await measure();
    expect(stand_in.width).toBeLessThan(100);
    // Centred point text grows both ways from its anchor (x = 125) and never wraps.
    expect(Math.abs(drawn.centre - 125)).toBeLessThan(2);
    expect((await text.boundingBox())!.height).toBeLessThan(40);

    // The print window declares the font too.
    const print = page.getByRole("region", { name: "Print and PDF of spells" });
    const [printWindow] = await Promise.all([
      page.waitForEvent("popup"),
      print.getByRole("button", { name: "Print preview" }).click(),
    ]);
    const printed = printWindow.getByText("WWW");
    await printed.waitFor();
    const printedFace = (await printWindow.locator("[data-card-face]").first().boundingBox())!;
    await expect
      .poll(async () => ((await printed.boundingBox())!.width * 250) / printedFace.width, { timeout: 10_000 })
      .toBeGreaterThan(120);
    await printWindow.close();

    // The PDF's card images are drawn from an SVG that can load nothing: the font goes in with it.
    // Each glyph of the test font is a solid box, so the ink of the title band tells the font apart.
    await page.evaluate(() => {
      const ink: number[] = [];
      (window as unknown as { titleInk: number[] }).titleInk = ink;
      const toBlob = HTMLCanvasElement.prototype.toBlob;
      HTMLCanvasElement.prototype.toBlob = function (this: HTMLCanvasElement, ...args) {
        const context = this.getContext("2d")!;
        const band = context.getImageData(0, 0, this.width, Math.round(this.height * 0.15)).data;
        let dark = 0;
        for (let i = 0; i < band.length; i += 4) if (band[i]! < 80 && band[i + 3]! > 200) dark++;
        ink.push(dark / (this.width * this.width));
        return toBlob.apply(this, args);
      };
    });
    await Promise.all([
      page.waitForEvent("download"),
      print.getByRole("button", { name: "Export PDF" }).click(),
    ]);
    const ink = await page.evaluate(() => (window as unknown as { titleInk: number[] }).titleInk);
    // Dark pixels of the top band over the width squared: 0.032 with the test font's boxes, 0.0085
    // with the sans-serif stand-in (both measured when this test was written).
    expect(ink.length).toBe(1);
    expect(ink[0]).toBeGreaterThan(0.015);
    expect(errors).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { fontFaceOf, fontFamilyList, safeFontName } from "./fonts.js";

const face = (name: string) => {
  const f = fontFaceOf(name);
  return [f.family, f.weight, f.italic, f.generic];
};

describe("fontFaceOf", () => {
  it("reads family, weight and slant out of the PostScript names Photoshop stores", () => {
    expect(face("ArialMT")).toEqual(["Arial", 400, false, "sans-serif"]);
    expect(face("Arial-BoldMT")).toEqual(["Arial", 700, false, "sans-serif"]);
    expect(face("Arial-BoldItalicMT")).toEqual(["Arial", 700, true, "sans-serif"]);
    expect(face("Georgia-Italic")).toEqual(["Georgia", 400, true, "serif"]);
    expect(face("TimesNewRomanPSMT")).toEqual(["Times New Roman", 400, false, "serif"]);
    expect(face("TimesNewRomanPS-BoldMT")).toEqual(["Times New Roman", 700, false, "serif"]);
    expect(face("OpenSans-SemiBoldItalic")).toEqual(["Open Sans", 600, true, "sans-serif"]);
    expect(face("MyriadPro-LightIt")).toEqual(["Myriad Pro", 300, true, "sans-serif"]);
    expect(face("Roboto-ExtraBold")).toEqual(["Roboto", 800, false, "sans-serif"]);
    expect(face("Montserrat-Black")).toEqual(["Montserrat", 900, false, "sans-serif"]);
    expect(face("PTSans-Regular")).toEqual(["PT Sans", 400, false, "sans-serif"]);
    expect(face("DejaVuSerif-Italic")).toEqual(["DejaVu Serif", 400, true, "serif"]);
    expect(face("LiberationMono-Bold")).toEqual(["Liberation Mono", 700, false, "monospace"]);
    expect(face("CourierNewPSMT")).toEqual(["Courier New", 400, false, "monospace"]);
  });

  it("takes a family name, a generic family or an empty name as they are", () => {
    expect(face("Times New Roman")).toEqual(["Times New Roman", 400, false, "serif"]);
    expect(face("serif")).toEqual(["serif", 400, false, "serif"]);
    expect(face("")).toEqual(["sans-serif", 400, false, "sans-serif"]);
    expect(fontFaceOf("Georgia").postScript).toBeNull();
  });
});

describe("fontFamilyList", () => {
  it("tries the PostScript name (an uploaded font is declared under it), the family, then a generic", () => {
    expect(fontFamilyList(fontFaceOf("Arial-BoldMT"))).toBe('"Arial-BoldMT", "Arial", sans-serif');
    expect(fontFamilyList(fontFaceOf("Georgia"))).toBe('"Georgia", serif');
    expect(fontFamilyList(fontFaceOf("serif"))).toBe("serif");
  });

  it("keeps only characters font names have, so a name cannot leave its quotes", () => {
    expect(safeFontName('Evil"; background:red')).toBe("Evil backgroundred");
    expect(safeFontName("Café Sans")).toBe("Café Sans");
  });
});

import { describe, expect, it } from "vitest";
import { userNameSchema } from "./auth";
import { confusableScriptMix, normaliseUserName, scriptsOfChar, userNameRefusal } from "./userNames";

describe("normaliseUserName", () => {
  it("folds compatibility forms (NFKC) and trims", () => {
    expect(normaliseUserName("ａｌｉｃｅ")).toBe("alice");
    expect(normaliseUserName(" ﬁsh ")).toBe("fish");
    expect(normaliseUserName("e\u0301")).toBe("é");
    expect(normaliseUserName("\u3000bob\u3000")).toBe("bob"); // ideographic spaces become spaces
  });

  it("leaves its input alone and is idempotent", () => {
    const raw = "ＡＢＣ";
    const once = normaliseUserName(raw);
    expect(raw).toBe("ＡＢＣ");
    expect(normaliseUserName(once)).toBe(once);
  });
});

describe("userNameRefusal", () => {
  it.each([
    ["\u1160\u1160\u1160", "U+1160"],
    ["\u115Fbob", "U+115F"],
    ["bo\u200Bb", "U+200B"],
    ["bo\u200Cb", "U+200C"],
    ["bo\u2060b", "U+2060"],
    ["bo\uFEFFb", "U+FEFF"],
    ["bo\u202Eb", "U+202E"],
    ["bo\u2067b", "U+2067"],
    ["bo\u2800b", "U+2800"],
    ["bo\u034Fb", "U+034F"],
  ])("refuses invisible and blank characters: %j", (name, shown) => {
    expect(userNameRefusal(name)).toEqual({
      code: "name/invisible",
      message: `User name may not contain invisible or blank characters (${shown}).`,
    });
  });

  it("refuses names outside the character pattern", () => {
    expect(userNameRefusal("<b>x</b>")).toMatchObject({ code: "name/characters" });
    expect(userNameRefusal("_lead")).toMatchObject({ code: "name/characters" });
  });

  it("refuses Latin mixed with Cyrillic or Greek, and scripts that are no writing system together", () => {
    expect(userNameRefusal("\u0430lice")).toEqual({
      code: "name/mixed-scripts",
      message:
        "User name mixes letters of Cyrillic and Latin, which lets it pass for another name: write it in one script.",
    });
    expect(confusableScriptMix("p\u0430ypal")).toEqual(["Latin", "Cyrillic"]);
    expect(confusableScriptMix("\u0391lex")).toEqual(["Greek", "Latin"]);
    expect(confusableScriptMix("\u0430\u03b2")).toEqual(["Cyrillic", "Greek"]);
    expect(confusableScriptMix("\u13AAlice")).toEqual(["Cherokee", "Latin"]); // not in everyday use
    expect(confusableScriptMix("\u05d0\u0627")).toEqual(["Hebrew", "Arabic"]);
  });

  it("accepts one script, the writing systems that mix scripts, and Latin with one script in everyday use", () => {
    for (const name of [
      "alice",
      "Иван",
      "Ελένη",
      "山田タロウ",
      "John山田",
      "김철수kim",
      "王小明ㄅ",
      "abc١٢",
      "Zoë_Ünal",
      "user_2.x-y",
      "ゲーマー",
    ]) {
      expect(userNameRefusal(name), name).toBeNull();
    }
  });
});

describe("scriptsOfChar", () => {
  it("gives Script_Extensions, and null for what goes with any script", () => {
    expect(scriptsOfChar("a")).toEqual(["Latin"]);
    expect(scriptsOfChar("\u0430")).toEqual(["Cyrillic"]);
    expect(scriptsOfChar("\u30FC")).toEqual(["Hiragana", "Katakana"]);
    for (const common of ["1", "_", ".", "-"]) expect(scriptsOfChar(common)).toBeNull();
  });

  it("knows a script for every letter and digit the name pattern lets through", () => {
    const unknown: string[] = [];
    for (let cp = 0; cp <= 0x2ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (!/[\p{L}\p{N}]/u.test(ch)) continue;
      if (scriptsOfChar(ch)?.includes("Unknown")) unknown.push(cp.toString(16));
    }
    expect(unknown).toEqual([]);
  });
});

describe("userNameSchema", () => {
  it("answers the normalised name", () => {
    expect(userNameSchema.parse(" ａｌｉｃｅ ")).toBe("alice");
  });

  it("measures the normalised name", () => {
    // U+FDFA is one character that NFKC spells out in 18: too long once normalised.
    expect(userNameSchema.safeParse("ab\uFDFA\uFDFA").error?.issues[0]?.message).toBe(
      "User name must be at most 24 characters.",
    );
  });

  it("says the most telling reason first", () => {
    expect(userNameSchema.safeParse("a\u200Blice").error?.issues.map((i) => i.message)).toEqual([
      "User name may not contain invisible or blank characters (U+200B).",
    ]);
  });
});

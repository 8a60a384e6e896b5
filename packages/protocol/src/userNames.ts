// What a user name may be made of, beyond its length and characters (README 'Rules enforced by the
// server'): one form per name (NFKC), nothing invisible, and no mix of scripts that lets one name pass
// for another (UTS #39 section 5). Pure, so the register form refuses at once what the server refuses.
// Whether a name looks like one that exists (the skeleton) needs the other names: the server decides.

import { USERNAME_PATTERN } from "./constants";

/** One form per name: fullwidth 'ａｌｉｃｅ' is 'alice', a ligature 'ﬁ' is 'fi', before any check. */
export function normaliseUserName(raw: string): string {
  return raw.normalize("NFKC").trim();
}

export type UserNameRefusal = {
  code: "name/invisible" | "name/characters" | "name/mixed-scripts";
  message: string;
};

/**
 * Letters that draw nothing: Unicode's default-ignorable code points (zero-width characters, bidi
 * controls, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, soft hyphens...) and the blanks that are
 * not marked so (the Braille blank). The Hangul fillers count as letters (\p{L}), so the character
 * pattern alone lets them through.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/u;

const hex = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

// Every script Unicode names, by the long names the regular expressions know (\p{scx=...}); Common
// and Inherited (digits, '_', '.', '-', combining marks) go with any script.
const SCRIPTS =
  `Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali
Beria_Erfe Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma
Cham Cherokee Chorasmian Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret Devanagari Dives_Akuru
Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Garay Georgian Glagolitic Gothic Grantha
Greek Gujarati Gunjala_Gondi Gurmukhi Gurung_Khema Han Hangul Hanifi_Rohingya Hanunoo Hatran Hebrew
Hiragana Imperial_Aramaic Inscriptional_Pahlavi Inscriptional_Parthian Javanese Kaithi Kannada
Katakana Kawi Kayah_Li Kharoshthi Khitan_Small_Script Khmer Khojki Khudawadi Kirat_Rai Lao Latin Lepcha
Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani Makasar Malayalam Mandaic Manichaean Marchen
Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi
Mongolian Mro Multani Myanmar Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu
Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Ol_Onal Old_Hungarian Old_Italic Old_North_Arabian Old_Permic
Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong
Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada
Shavian Siddham Sidetic SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese Sunuwar Syloti_Nagri Syriac
Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Tai_Yo Takri Tamil Tangsa Tangut Telugu Thaana Thai Tibetan Tifinagh
Tirhuta Todhri Tolong_Siki Toto Tulu_Tigalari Ugaritic Vai Vithkuqi Wancho Warang_Citi Yezidi Yi Zanabazar_Square`
    .split(/\s+/)
    .flatMap((name) => {
      try {
        return [{ name, re: new RegExp(`\\p{scx=${name}}`, "u") }];
      } catch {
        return []; // a script newer than this JavaScript engine's Unicode: it has no letters here yet
      }
    });
const ANY_SCRIPT = /^[\p{scx=Common}\p{scx=Inherited}]$/u;

/** UTS #39 table 5: the scripts in everyday use, which 'moderately restrictive' lets Latin go with. */
const RECOMMENDED = new Set(
  `Arabic Armenian Bengali Bopomofo Cyrillic Devanagari Ethiopic Georgian Greek Gujarati Gurmukhi Han
Hangul Hebrew Hiragana Kannada Katakana Khmer Lao Latin Malayalam Myanmar Oriya Sinhala Tamil Telugu
Thaana Thai Tibetan`.split(/\s+/),
);
/** Latin's look-alikes: mixed with Latin (or each other) they spell another name letter for letter. */
const LOOK_ALIKES_OF_LATIN = new Set(["Cyrillic", "Greek"]);
/** The writing systems that mix scripts by nature (UTS #39 section 5.2, 'highly restrictive'). */
const WRITING_SYSTEMS = [
  ["Latin", "Han", "Hiragana", "Katakana"],
  ["Latin", "Han", "Bopomofo"],
  ["Latin", "Han", "Hangul"],
].map((s) => new Set(s));

const scriptCache = new Map<string, readonly string[] | null>();

/** The scripts a character is written in (Script_Extensions), or null when it goes with any. */
export function scriptsOfChar(ch: string): readonly string[] | null {
  let scripts = scriptCache.get(ch);
  if (scripts === undefined) {
    const found = SCRIPTS.filter((s) => s.re.test(ch)).map((s) => s.name);
    scripts = found.length === 0 && ANY_SCRIPT.test(ch) ? null : found.length ? found : ["Unknown"];
    scriptCache.set(ch, scripts);
  }
  return scripts;
}

/** The characters' script sets, those that go with any script left out. */
function scriptSets(name: string): (readonly string[])[] {
  return [...name].map(scriptsOfChar).filter((s): s is readonly string[] => s !== null);
}

const coveredBy = (sets: (readonly string[])[], allowed: ReadonlySet<string>) =>
  sets.every((set) => set.some((s) => allowed.has(s)));

/**
 * Whether the name stays within what UTS #39 calls 'moderately restrictive': one script; or one of the
 * writing systems that mix scripts (Japanese, Chinese with Bopomofo, Korean), each with Latin; or Latin
 * with one other script in everyday use, except Cyrillic and Greek, whose letters pass for Latin ones.
 * Answers the scripts that were mixed, or null when the mix is allowed.
 */
export function confusableScriptMix(name: string): string[] | null {
  const sets = scriptSets(name);
  if (sets.length === 0) return null;
  // One script that every character is written in (Script_Extensions: '・' is Hiragana and Katakana).
  const common = sets.reduce<readonly string[]>((acc, set) => acc.filter((s) => set.includes(s)), sets[0]!);
  if (common.length > 0) return null;
  if (WRITING_SYSTEMS.some((system) => coveredBy(sets, system))) return null;
  const others = new Set(sets.flat().filter((s) => s !== "Latin"));
  for (const other of others) {
    if (RECOMMENDED.has(other) && !LOOK_ALIKES_OF_LATIN.has(other)) {
      if (coveredBy(sets, new Set(["Latin", other]))) return null;
    }
  }
  const mixed: string[] = [];
  for (const set of sets) if (!set.some((s) => mixed.includes(s))) mixed.push(set[0]!);
  return mixed;
}

const scriptLabel = (s: string) => s.replaceAll("_", " ");

function listed(names: string[]): string {
  const labels = names.map(scriptLabel);
  return labels.length <= 2 ? labels.join(" and ") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

/**
 * Why a (normalised) name is refused for what it is made of, or null; one reason, the most telling
 * first (an invisible character also fails the pattern). Its length is the schema's; the comparison
 * with other users' names is the server's.
 */
export function userNameRefusal(name: string): UserNameRefusal | null {
  const invisible = [...name].find((ch) => INVISIBLE.test(ch));
  if (invisible !== undefined) {
    return {
      code: "name/invisible",
      message: `User name may not contain invisible or blank characters (${hex(invisible)}).`,
    };
  }
  if (!USERNAME_PATTERN.test(name)) {
    return {
      code: "name/characters",
      message:
        "User name may contain only letters, digits, '.', '-' and '_', and must start with a letter or digit.",
    };
  }
  const mixed = confusableScriptMix(name);
  if (mixed) {
    return {
      code: "name/mixed-scripts",
      message: `User name mixes letters of ${listed(mixed)}, which lets it pass for another name: write it in one script.`,
    };
  }
  return null;
}

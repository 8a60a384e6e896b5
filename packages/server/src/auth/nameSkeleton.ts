import unhomoglyph from "unhomoglyph";

// Whether two user names look alike: Unicode's skeleton (UTS #39 section 4), skeleton(X) =
// NFD(map(NFD(X))), where map replaces each character by its prototype from Unicode's confusables
// data (unhomoglyph ships that data and the mapping). Two names with one skeleton can be mistaken for
// each other: 'аlice' with a Cyrillic 'а', 'rn' and 'm', 'I' and 'l'.

export function skeleton(text: string): string {
  return unhomoglyph(text.normalize("NFD")).normalize("NFD");
}

/**
 * The key under which look-alike names meet. Names are unique regardless of case, so 'Alice' is
 * 'alice' too: the skeleton, lower-cased, and the skeleton of that again (lower case brings new
 * letters in: 'I' maps to 'l', and 'O' from '0' lowers to 'o').
 */
export function nameSkeleton(name: string): string {
  return skeleton(skeleton(name.normalize("NFKC")).toLowerCase());
}

// File-name-safe slugs for report files, and unique ones for trace names that slug alike.

/** A file-name-safe slug: lowercase letters, digits and dashes (`x` when nothing of the text is left). */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}

/** The slug of a trace name that has no letter or digit (`!!!`), for its tables and charts. */
export const EMPTY_TRACE_SLUG = 'trace';

/**
 * A unique file-name slug for each of `names` (same order; `a b` and `a-b` both slug to `a-b`): names that slug
 * alike get `-2`, `-3` … in the order of the names sorted by UTF-16 code units (equal names by position), the first
 * keeping the plain slug, so the files of a trace's tables and charts do not depend on the order its results were
 * read; a suffixed slug never takes another name's plain slug. A name without letters or digits slugs to `trace`.
 */
export function uniqueTraceSlugs(names: readonly string[]): string[] {
  const plain = names.map((n) => (/[a-z0-9]/i.test(n) ? slug(n) : EMPTY_TRACE_SLUG));
  const order = names.map((_, i) => i).sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : a - b));
  const taken = new Set(plain);
  const given = new Set<string>();
  const out: string[] = new Array<string>(names.length);
  for (const i of order) {
    let s = plain[i]!;
    for (let k = 2; given.has(s) || (s !== plain[i] && taken.has(s)); k++) s = `${plain[i]!}-${k}`;
    taken.add(s);
    given.add(s);
    out[i] = s;
  }
  return out;
}

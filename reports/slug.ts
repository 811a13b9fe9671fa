// File-name-safe slugs of names (trace, gate, sweep), for chart and table ids.

/** A file-name-safe slug: lowercase letters, digits and dashes (`x` when nothing is left). */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}

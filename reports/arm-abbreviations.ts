// Short unique names for arms too long for a chart legend or axis, and the key that maps them back.
import type { TextTable } from './report-tables.ts';

/** Arm names up to this many characters are shown in full; longer ones are abbreviated (with a key). */
export const ARM_LABEL_MAX = 28;

/** The longest abbreviation (before a `~N` suffix): fits a legend column (labelLimit 320 px at 11 px). */
export const ABBREVIATION_MAX = 40;

/**
 * The abbreviation of every arm longer than `max` characters (short names are not in the map): each word of four
 * or more letters is cut to its first three (`predictive+weights=4,2,1+pausing` → `pre+wei=4,2,1+pau`; digits and
 * punctuation stay, so parameter values still tell arms apart), then cut to ABBREVIATION_MAX characters with `…`. When two
 * abbreviations coincide, or one equals another arm's name, each after the first (in name order) gets `~2`, `~3`,
 * … appended, so every label of the set names exactly one arm. Deterministic for a set of names, whatever the order.
 */
export function armAbbreviations(arms: Iterable<string>, max = ARM_LABEL_MAX): Map<string, string> {
  const names = [...new Set(arms)].sort();
  const taken = new Set(names.filter((a) => a.length <= max));
  const out = new Map<string, string>();
  for (const arm of names) {
    if (arm.length <= max) continue;
    let base = arm.replace(/[A-Za-z]{4,}/g, (w) => w.slice(0, 3));
    if (base.length > ABBREVIATION_MAX) base = `${base.slice(0, ABBREVIATION_MAX - 1)}…`;
    let label = base;
    for (let i = 2; taken.has(label); i++) label = `${base}~${i}`;
    taken.add(label);
    out.set(arm, label);
  }
  return out;
}

/** The key of the abbreviations (abbreviation → full arm name), in the order of the full names; no rows without any. */
export function armKeyTable(abbreviations: ReadonlyMap<string, string>): TextTable {
  return { header: ['abbreviation', 'arm'], rows: [...abbreviations].map(([arm, short]) => [short, arm]) };
}

/**
 * A Vega expression that shows `datum.label` abbreviated: each full text of `labels` becomes its short form, any
 * other label stays as it is. Null when there is nothing to abbreviate.
 */
export function labelExpression(labels: ReadonlyMap<string, string>): string | null {
  if (labels.size === 0) return null;
  return [...labels].reduceRight((rest, [full, short]) => `datum.label === ${JSON.stringify(full)} ? ${JSON.stringify(short)} : ${rest}`, 'datum.label');
}

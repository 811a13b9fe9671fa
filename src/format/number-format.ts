// Number formatting shared by every table (terminal, HTML, Markdown, CSV, LaTeX): times in a fitting unit, signed percentages, intervals.

/** A time unit of tables and chart axes, with its size in milliseconds. */
export interface TimeUnit {
  readonly name: 'ms' | 's' | 'min' | 'h' | 'd';
  readonly ms: number;
}

/** The time units, smallest first. */
export const TIME_UNITS: readonly TimeUnit[] = [
  { name: 'ms', ms: 1 },
  { name: 's', ms: 1000 },
  { name: 'min', ms: 60_000 },
  { name: 'h', ms: 3_600_000 },
  { name: 'd', ms: 86_400_000 },
];

/**
 * The unit that fits a set of durations in ms: the largest unit not above their median magnitude (so a typical
 * value reads 1 … 999 of it). Non-finite and zero values are ignored; ms when none is left.
 */
export function pickTimeUnit(valuesMs: Iterable<number>): TimeUnit {
  const v = [...valuesMs].filter((x) => Number.isFinite(x) && x !== 0).map(Math.abs).sort((a, b) => a - b);
  if (v.length === 0) return TIME_UNITS[0]!;
  const median = v[Math.floor((v.length - 1) / 2)]!;
  let unit = TIME_UNITS[0]!;
  for (const u of TIME_UNITS) if (median >= u.ms) unit = u;
  return unit;
}

/**
 * x rounded to `digits` significant digits, as plain decimal text (never e-notation; integers keep all their digits,
 * so 123456 at 3 digits is `123456`, not `1.23e+5`). `-0` and values that round to 0 print without a sign.
 * Throws RangeError for digits outside 1..15; non-finite values print as `–`.
 */
export function formatSig(x: number, digits = 3): string {
  if (!Number.isInteger(digits) || digits < 1 || digits > 15) throw new RangeError(`significant digits must be 1..15, got ${digits}`);
  if (!Number.isFinite(x)) return '–';
  if (x === 0) return '0';
  const magnitude = Math.floor(Math.log10(Math.abs(x)));
  const decimals = Math.max(0, digits - 1 - magnitude);
  const text = ((Math.sign(x) * Math.round(Math.abs(x) * 10 ** decimals)) / 10 ** decimals).toFixed(Math.min(decimals, 20));
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** A duration in ms in the given unit (or the one that fits it): `12.3 ms`, `1.52 s`, `4.10 min`; 3 significant digits. */
export function formatDuration(ms: number, unit: TimeUnit = pickTimeUnit([ms]), digits = 3): string {
  return Number.isFinite(ms) ? `${formatSig(ms / unit.ms, digits)} ${unit.name}` : '–';
}

/**
 * A fraction as a percentage with `decimals` decimals (one by default): `+12.3 %`, `−4.0 %` (a true minus sign when
 * `signed`), and never `-0.0 %` (a value that rounds to zero prints `0.0 %`). Null and non-finite print `–`.
 */
export function formatPercent(fraction: number | null, opts: { signed?: boolean; decimals?: number } = {}): string {
  if (fraction === null || !Number.isFinite(fraction)) return '–';
  const decimals = opts.decimals ?? 1;
  const text = Math.abs(fraction * 100).toFixed(decimals);
  if (Number(text) === 0) return `${text} %`;
  const sign = fraction < 0 ? (opts.signed === true ? '−' : '-') : opts.signed === true ? '+' : '';
  return `${sign}${text} %`;
}

/** An estimate with its interval: `a [low, high]`, each part formatted by `f`. */
export function formatInterval(point: string, low: string, high: string): string {
  return `${point} [${low}, ${high}]`;
}

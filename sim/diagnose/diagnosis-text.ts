// The readable text report of `hsim traces diagnose`: the predictability table, keys, time scale and warnings.
import type { TraceDiagnosis } from './trace-diagnosis.ts';
import type { PredictionAccuracy } from './prediction-accuracy.ts';
import { humanMs, percent } from './diagnose-warnings.ts';

const num = (x: number | null, digits = 3): string => (x === null ? '-' : String(Number(x.toPrecision(digits))));
const share = (x: number | null): string => (x === null ? '-' : percent(x));

/** `13 % arrive more than 30 min (staleness)`, or `staleness off` for an infinite limit. */
function limitShare(x: number, limitMs: number, name: string): string {
  return Number.isFinite(limitMs) ? `${percent(x)} arrive more than ${humanMs(limitMs)} (${name})` : `${name} off`;
}

/** `predicted 24191, cold_key 26413`: the outcomes that occurred. */
function outcomeList(outcomes: Readonly<Record<string, number>>): string {
  return Object.entries(outcomes).filter(([, c]) => c > 0).map(([name, c]) => `${name} ${c}`).join(', ');
}

/** One line per row of the predictability table (header first), as aligned text. */
export function predictabilityLines(d: TraceDiagnosis): string[] {
  const rows: [string, PredictionAccuracy][] = [
    ['global median', d.predictability.global_median],
    ['per-key median (static history)', d.predictability.per_key_median],
    ...(d.predictability.per_size_bin_median === undefined ? [] : [['per-key+size-bin median', d.predictability.per_size_bin_median] as [string, PredictionAccuracy]]),
    ['online per-key (no queueing)', d.predictability.online_per_key],
    [`predictor (${d.arm})`, d.predictability.predictor],
  ];
  const w = Math.max(...rows.map(([name]) => name.length), 9);
  const lines = [`${'predictor'.padEnd(w)}  ${'n'.padStart(9)}  ${'|log2 err|'.padStart(10)}  ${'within 2×'.padStart(9)}  ${'tier acc.'.padStart(9)}`];
  for (const [name, a] of rows) {
    lines.push(`${name.padEnd(w)}  ${String(a.n).padStart(9)}  ${num(a.median_abs_log2_error).padStart(10)}  ${share(a.within_2x).padStart(9)}  ${share(a.tier_accuracy).padStart(9)}`);
  }
  return lines;
}

/** Renders the whole diagnosis as text lines ending in LF. */
export function formatDiagnosis(path: string, d: TraceDiagnosis): string {
  const p = d.predictability.predictor;
  const k = d.keys;
  const ts = d.time_scale;
  const dur = ts.duration_ms;
  const out: string[] = [
    `trace      ${path}: ${d.trace.rows} rows, ${d.trace.history_rows} history, ${d.trace.evaluation_rows} evaluation; boundaries [${d.trace.boundaries_ms.map((b) => num(b, 6)).join(', ')}] ms`,
    `simulated  ${d.arm} at load ${d.load} on ${d.workers} workers (compress ${num(d.compress, 6)})`,
    '',
    'predictability (median |log2(prediction/duration)|, share within 2×, tier accuracy)',
    ...predictabilityLines(d).map((l) => `  ${l}`),
    `  coverage: ${percent(p.coverage)} routed by estimate; outcomes ${outcomeList(p.outcomes)}`,
    `  online per-key: each evaluation job predicted, then observed, at its arrival; ${percent(d.predictability.online_per_key.coverage)} routed by estimate; outcomes ${outcomeList(d.predictability.online_per_key.outcomes)}`,
    '',
    `keys       ${k.count} (${k.history_count} in history, ${k.evaluation_count} in evaluation); ${percent(k.in_history_share)} of evaluation jobs have a key seen in history, ${percent(k.first_arrival_share)} are their key's first arrival`,
    `gaps       ${limitShare(k.stale_share, k.stale_after_ms, 'staleness')} and ${limitShare(k.idle_share, k.idle_half_life_ms, 'idle half-life')} after their key's previous arrival`,
    ...(d.stale_fallback.note === null ? [] : [`stale      ${d.stale_fallback.note}`]),
    `durations  p50 ${num(dur.p50, 6)}, p90 ${num(dur.p90, 6)}, p99 ${num(dur.p99, 6)}, max ${num(dur.max, 6)} ms; aging ${ts.aging_threshold_ms === null ? 'off' : `${humanMs(ts.aging_threshold_ms)} every ${humanMs(ts.aging_interval_ms)}`}: ${percent(ts.above_aging_share)} run longer than the threshold, ${percent(ts.below_interval_share)} shorter than the interval`,
    `ties       ${percent(ts.tie_share)} of rows share their arrival time with another`,
    '',
  ];
  if (d.warnings.length === 0) out.push('warnings   none');
  for (const w of d.warnings) out.push(`warning    ${w.text} (look at ${w.parameter})`);
  out.push('', d.verdict.text);
  return out.join('\n') + '\n';
}

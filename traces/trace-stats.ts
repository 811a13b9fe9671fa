// Summary statistics of a trace (`hsim traces info`): counts, arrival span, duration quantiles, offered load.
import type { Trace } from '../src/trace/trace.ts';
import type { TraceMeta } from './trace-meta.ts';

/** What `hsim traces info` reports about a trace. Times in ms. */
export interface TraceStats {
  jobs: number;
  keys: number;
  classes: number | null;
  arrival: { first: number | null; last: number | null; span_ms: number };
  duration: { p50: number; p90: number; p99: number; max: number; mean: number; total: number };
  workers: number;
  /** Total duration / (arrival span × workers); null when the span is 0. */
  offered_load: number | null;
}

/** Nearest-rank quantile of ascending `sorted`: v[min(n−1, max(0, ceil(n·q) − 1))] (SPEC §5); 0 when empty. */
export function nearestRank(sorted: Float64Array, q: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  return sorted[Math.min(n - 1, Math.max(0, Math.ceil(n * q) - 1))]!;
}

/** Computes the statistics of `trace` for `workers` workers. Cost O(n log n) (sorts a copy of the durations). */
export function traceStats(trace: Trace, workers: number): TraceStats {
  const n = trace.n;
  const sorted = Float64Array.from(trace.duration.subarray(0, n)).sort();
  let total = 0;
  for (let i = 0; i < n; i++) total += sorted[i]!;
  const first = n > 0 ? trace.arrival[0]! : null;
  const last = n > 0 ? trace.arrival[n - 1]! : null;
  const span = first === null || last === null ? 0 : last - first;
  return {
    jobs: n,
    keys: countUsed(trace.keyId, n, trace.keys.length),
    classes: trace.classId && trace.classes ? countUsed(trace.classId, n, trace.classes.length) : null,
    arrival: { first, last, span_ms: span },
    duration: {
      p50: nearestRank(sorted, 0.5),
      p90: nearestRank(sorted, 0.9),
      p99: nearestRank(sorted, 0.99),
      max: n > 0 ? sorted[n - 1]! : 0,
      mean: n > 0 ? total / n : 0,
      total,
    },
    workers,
    offered_load: span > 0 ? total / (span * workers) : null,
  };
}

function countUsed(ids: Int32Array, n: number, size: number): number {
  const seen = new Uint8Array(size);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    if (seen[id] === 0) {
      seen[id] = 1;
      count++;
    }
  }
  return count;
}

/** Renders the statistics (and the meta sidecar, when there is one) as aligned text lines ending in LF. */
export function formatTraceInfo(path: string, sha256: string, meta: TraceMeta | null, s: TraceStats): string {
  const lines: [string, string][] = [['file', path], ['sha256', sha256]];
  if (meta) {
    lines.push(['source', `${meta.source.format}${meta.source.file ? ` ${meta.source.file}` : ''}`]);
    lines.push(['converter', `${meta.converter.name} ${meta.converter.version} ${JSON.stringify(meta.converter.options)}`]);
    const reasons = Object.entries(meta.rows.rejected_by_reason).map(([r, c]) => `${r} ${c}`).join(', ');
    lines.push(['rows', `read ${meta.rows.read}, kept ${meta.rows.kept}, rejected ${meta.rows.rejected}${reasons ? ` (${reasons})` : ''}`]);
    if (meta.sha256 !== sha256) lines.push(['warning', `the sidecar records sha256 ${meta.sha256}, the file has ${sha256}`]);
  } else {
    lines.push(['meta', 'none (no .meta.json sidecar)']);
  }
  lines.push(['jobs', String(s.jobs)]);
  lines.push(['keys', String(s.keys)]);
  lines.push(['classes', s.classes === null ? '-' : String(s.classes)]);
  lines.push(['arrivals', `first ${fmt(s.arrival.first ?? 0)} ms, last ${fmt(s.arrival.last ?? 0)} ms, span ${fmt(s.arrival.span_ms)} ms (${human(s.arrival.span_ms)})`]);
  const d = s.duration;
  lines.push(['duration', `p50 ${fmt(d.p50)}, p90 ${fmt(d.p90)}, p99 ${fmt(d.p99)}, max ${fmt(d.max)}, mean ${fmt(d.mean)} ms`]);
  lines.push(['load', s.offered_load === null ? '- (zero arrival span)' : `${fmt(s.offered_load)} for ${s.workers} workers (total duration / (span × workers))`]);
  return lines.map(([k, v]) => `${k.padEnd(10)}${v}\n`).join('');
}

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(6)));
}

function human(ms: number): string {
  if (ms >= 86400000) return `${fmt(ms / 86400000)} d`;
  if (ms >= 3600000) return `${fmt(ms / 3600000)} h`;
  if (ms >= 60000) return `${fmt(ms / 60000)} min`;
  return `${fmt(ms / 1000)} s`;
}

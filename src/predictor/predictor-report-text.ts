// The readable text of `hsim predictor show`: the predictor's state, then one line per key with its gate.
import type { KeyReport, PredictorReport } from './predictor-report.ts';

const r = (x: number): string => String(Number(x.toPrecision(4)));

/** Renders the report's header and `keys` (already selected) as aligned text lines ending in LF. */
export function formatPredictorReport(source: string, rep: PredictorReport, keys: readonly KeyReport[]): string {
  const p = rep.params;
  const lines = [
    `snapshot     ${source}`,
    `clock        ${r(rep.clock_ms)} ms; ${rep.keys_held} keys held; ${rep.observations} pooled observations; ${rep.snapshots} boundary snapshots`,
    `boundaries   ${rep.boundaries_ms.length === 0 ? 'none yet' : `[${rep.boundaries_ms.map(r).join(', ')}] ms`}`,
    `gates        minSamples ${p.minSamples}, spreadRatio ${p.spreadRatio} at p${r(p.spreadQuantile * 100)}, censoredShare ${p.censoredShare}, staleAfterMs ${p.staleAfterMs}; summary ${p.summary}`,
    '',
  ];
  const w = Math.max(3, ...keys.map((k) => k.key.length));
  lines.push(`${'key'.padEnd(w)}  ${'n'.padStart(6)}  ${'median ms'.padStart(10)}  ${'p99 ms'.padStart(10)}  ${'spread'.padStart(7)}  ${'cens.'.padStart(6)}  ${'idle ms'.padStart(10)}  tier  gate`);
  for (const k of keys) {
    lines.push(
      `${k.key.padEnd(w)}  ${String(k.n).padStart(6)}  ${r(k.median_ms).padStart(10)}  ${r(k.p99_ms).padStart(10)}  ${r(k.spread_ratio).padStart(7)}  ${r(k.censored_share).padStart(6)}  ${r(k.idle_ms).padStart(10)}  ${(k.tier === null ? '-' : String(k.tier)).padStart(4)}  ${k.gate}: ${k.reason}`,
    );
  }
  if (keys.length < rep.keys.length) lines.push(`… ${rep.keys.length - keys.length} other keys not shown (--top N, --key K, --json)`);
  return lines.join('\n') + '\n';
}

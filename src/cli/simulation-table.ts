// A readable table of simulation results for the terminal: per load and arm, the headline metrics.
import type { SimulationOutput } from '../../sim/simulate.ts';
import { formatPercent, formatSig, pickTimeUnit } from '../format/number-format.ts';

/**
 * Formats results as aligned text: mean, p50, p99 latency, long-class max wait (each column in the time unit that
 * fits its values, 3 significant digits, never e-notation) and the change of the mean vs fifo in % with one decimal;
 * the sign convention is said once under the table.
 */
export function formatSimulationTable(out: SimulationOutput): string {
  const metrics = ['mean_latency_ms', 'p50_latency_ms', 'p99_latency_ms', 'long_max_wait_ms'] as const;
  const names = ['mean', 'p50', 'p99', 'long max wait'];
  const all = Object.values(out.results).flatMap((lr) => Object.values(lr.arms).map((r) => r.all));
  const units = metrics.map((m) => pickTimeUnit(all.map((a) => a[m])));
  const header = ['load', 'arm', ...names.map((n, i) => `${n} (${units[i]!.name})`), 'mean vs fifo'];
  const rows: string[][] = [];
  let anyDelta = false;
  for (const [load, lr] of Object.entries(out.results)) {
    const fifo = lr.arms.fifo?.all.mean_latency_ms;
    for (const [arm, r] of Object.entries(lr.arms)) {
      const a = r.all;
      const hasDelta = fifo !== undefined && fifo > 0 && arm !== 'fifo';
      anyDelta ||= hasDelta;
      const delta = hasDelta ? formatPercent((a.mean_latency_ms - fifo) / fifo) : '';
      rows.push([load, arm, ...metrics.map((m, i) => (Number.isFinite(a[m]) ? formatSig(a[m] / units[i]!.ms, 3) : String(a[m]))), delta]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const lines = [line(header), ...rows.map(line)];
  if (anyDelta) lines.push('mean vs fifo: change of the mean latency against fifo at the same load; negative = faster than fifo.');
  return `${lines.join('\n')}\n`;
}

// A readable table of simulation results for the terminal: per load and arm, the headline metrics.
import type { SimulationOutput } from '../../sim/simulate.ts';

/** Formats results as aligned text: mean, p50, p99 latency, long-class max wait, and mean change vs fifo. */
export function formatSimulationTable(out: SimulationOutput): string {
  const lines: string[] = [];
  const header = ['load', 'arm', 'mean ms', 'p50 ms', 'p99 ms', 'long max wait ms', 'mean vs fifo'];
  const rows: string[][] = [];
  for (const [load, lr] of Object.entries(out.results)) {
    const fifo = lr.arms.fifo?.all.mean_latency_ms;
    for (const [arm, r] of Object.entries(lr.arms)) {
      const a = r.all;
      const delta = fifo !== undefined && fifo > 0 && arm !== 'fifo' ? `${(((a.mean_latency_ms - fifo) / fifo) * 100).toFixed(1)} %` : '';
      rows.push([load, arm, fmt(a.mean_latency_ms), fmt(a.p50_latency_ms), fmt(a.p99_latency_ms), fmt(a.long_max_wait_ms), delta]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  lines.push(line(header));
  for (const r of rows) lines.push(line(r));
  return `${lines.join('\n')}\n`;
}

function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) >= 1e6) return x.toExponential(3);
  return x.toFixed(x >= 100 ? 0 : 2);
}

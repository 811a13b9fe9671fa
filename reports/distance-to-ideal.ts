// The "distance to ideal" table: per trace and load, FIFO, the arms, the oracle and the ideal-order bounds side by side.
import type { TextTable } from './report-tables.ts';
import { foldedArmLabel } from './replicated-arms.ts';
import { sortedLoads, type TraceResults } from './trace-results.ts';

/** The ideal-order bounds in the table's order, loosest to tightest (routing names). */
const BOUNDS = ['oracle', 'sept', 'sjf', 'srpt'];

/** Rank of an arm in the table: fifo, then the arms under study, then the bounds in BOUNDS order. */
function rank(arm: string): number {
  if (arm === 'fifo') return 0;
  const b = BOUNDS.indexOf(arm.split(/[+@#]/)[0] ?? '');
  return b < 0 ? 1 : 2 + b;
}

/**
 * Per trace and load that has `fifo` and `srpt`: every arm's whole-run mean latency, its ratio to SRPT's (the bound
 * no broker reaches), and the share of the FIFO → SRPT gap it closes, (fifo − arm)/(fifo − srpt). Rows: fifo, the
 * arms under study (sorted), then oracle…, sept, sjf, srpt. Empty rows when no load has both fifo and srpt.
 */
export function distanceToIdealTable(traces: readonly TraceResults[]): TextTable {
  const rows: string[][] = [];
  for (const trace of traces) {
    for (const load of sortedLoads(trace)) {
      const arms = trace.set.loads.get(load)!;
      const fifo = arms.get('fifo')?.arm.all['mean_latency_ms'];
      const srpt = arms.get('srpt')?.arm.all['mean_latency_ms'];
      if (fifo === undefined || srpt === undefined) continue;
      const names = [...arms.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
      for (const arm of names) {
        const mean = arms.get(arm)!.arm.all['mean_latency_ms'];
        if (mean === undefined) continue;
        const ratio = srpt > 0 ? `${(mean / srpt).toFixed(2)}×` : '–';
        const closed = fifo !== srpt ? `${(((fifo - mean) / (fifo - srpt)) * 100).toFixed(1)} %` : '–';
        rows.push([trace.name, load, foldedArmLabel(trace, load, arm), mean.toPrecision(4), ratio, closed]);
      }
    }
  }
  return { header: ['trace', 'load', 'arm', 'mean latency ms', '× SRPT', 'FIFO→SRPT gap closed'], rows };
}

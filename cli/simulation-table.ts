// A readable table of simulation results for the terminal: per load and arm, the headline metrics.
import { exactMean } from '../analysis/exact-sum.ts';
import { replicationOf } from '../analysis/replication-aggregate.ts';
import { seedChangeInterval } from '../analysis/seed-change-interval.ts';
import type { SimulationOutput } from '../sim/simulate.ts';
import { formatPercent, formatSig, pickTimeUnit } from '../src/format/number-format.ts';
import * as msg from './messages.ts';

const METRICS = ['mean_latency_ms', 'p50_latency_ms', 'p99_latency_ms', 'long_max_wait_ms'] as const;
type Shown = Record<(typeof METRICS)[number], number>;

/** One row of the table: an arm run once, or an arm's replications folded (means over seeds). */
interface Row {
  readonly load: string;
  readonly arm: string;
  readonly all: Shown;
  readonly change: string;
}

/**
 * Formats results as aligned text: mean, p50, p99 latency, long-class max wait (each column in the time unit that
 * fits its values, 3 significant digits, never e-notation) and the change of the mean vs fifo in % with one decimal;
 * the sign convention is said once under the table. Replications of an arm (keys `arm#sSEED`) make one row
 * `arm (N seeds)`: the metrics' means over the seeds, and the mean over seeds of each seed's change against fifo of
 * the same seed with its 95 % t-interval over the seeds.
 */
export function formatSimulationTable(out: SimulationOutput): string {
  const names = ['mean', 'p50', 'p99', 'long max wait'];
  const rows: Row[] = [];
  let anyDelta = false;
  let anyReplicated = false;
  for (const [load, lr] of Object.entries(out.results)) {
    const fifo = lr.arms.fifo?.all.mean_latency_ms;
    const groups = new Map<string, Map<number, Shown>>();
    for (const [key, r] of Object.entries(lr.arms)) {
      const rep = replicationOf(key);
      // An arm run once beside its replications keeps its own row, and so do they.
      if (rep === null || rep.arm in lr.arms) continue;
      groups.set(rep.arm, (groups.get(rep.arm) ?? new Map<number, Shown>()).set(rep.seed, r.all));
    }
    const fifoSeeds = new Map([...(groups.get('fifo') ?? new Map<number, Shown>())].map(([s, a]) => [s, a.mean_latency_ms]));
    const done = new Set<string>();
    for (const [key, r] of Object.entries(lr.arms)) {
      const rep = replicationOf(key);
      if (rep !== null && groups.has(rep.arm)) {
        if (done.has(rep.arm)) continue;
        done.add(rep.arm);
        anyReplicated = true;
        const bySeed = groups.get(rep.arm)!;
        const all = Object.fromEntries(METRICS.map((m) => [m, exactMean([...bySeed.values()].map((a) => a[m]))])) as Shown;
        let change = '';
        if (rep.arm !== 'fifo' && fifoSeeds.size > 0) {
          const t = seedChangeInterval(new Map([...bySeed].map(([s, a]) => [s, a.mean_latency_ms])), fifoSeeds);
          change = t === null ? '–' : `${formatPercent(t.point)} [${formatPercent(t.low)}, ${formatPercent(t.high)}]`;
          anyDelta = true;
        }
        rows.push({ load, arm: msg.armOverSeeds(rep.arm, bySeed.size), all, change });
        continue;
      }
      const hasDelta = fifo !== undefined && fifo > 0 && key !== 'fifo';
      anyDelta ||= hasDelta;
      rows.push({ load, arm: key, all: r.all, change: hasDelta ? formatPercent((r.all.mean_latency_ms - fifo) / fifo) : '' });
    }
  }
  const units = METRICS.map((m) => pickTimeUnit(rows.map((r) => r.all[m])));
  const header = ['load', 'arm', ...names.map((n, i) => `${n} (${units[i]!.name})`), 'mean vs fifo'];
  const cells = rows.map((r) => [r.load, r.arm, ...METRICS.map((m, i) => (Number.isFinite(r.all[m]) ? formatSig(r.all[m] / units[i]!.ms, 3) : String(r.all[m]))), r.change]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (c: string[]): string => c.map((x, i) => (i < 2 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  const lines = [line(header), ...cells.map(line)];
  if (anyDelta) lines.push('mean vs fifo: change of the mean latency against fifo at the same load; negative = faster than fifo.');
  if (anyReplicated) lines.push(msg.runTableOverSeeds());
  return `${lines.join('\n')}\n`;
}

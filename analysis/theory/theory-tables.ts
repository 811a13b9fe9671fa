// The closed-form tables printed by `hsim theory`: Erlang C / M/M/c waits and the priority-vs-FIFO wait ratios.
import { erlangC } from './erlang-c.ts';
import { waitRatioTable, type WaitRatioRow } from './wait-ratio-table.ts';

/** One Erlang C line: c servers at per-server load ρ; waits in units of the mean service time. */
export interface ErlangCRow {
  readonly c: number;
  readonly rho: number;
  readonly probabilityOfWaiting: number;
  /** Mean wait in queue / mean service time = C/(c(1 − ρ)). */
  readonly meanWaitOverService: number;
}

/** Everything `hsim theory` prints. */
export interface TheoryTables {
  readonly erlangC: readonly ErlangCRow[];
  readonly waitRatios: readonly WaitRatioRow[];
}

/** Default Erlang C grid: c ∈ {1, 8, 64}, ρ ∈ {0.5, 0.8, 0.9, 0.95}. */
export const DEFAULT_ERLANG_GRID = { servers: [1, 8, 64], loads: [0.5, 0.8, 0.9, 0.95] } as const;

/** One Erlang C line for c servers at per-server load ρ (a = cρ). Throws RangeError for ρ ∉ (0, 1) or c < 1. */
export function erlangCRow(c: number, rho: number): ErlangCRow {
  if (!(rho > 0 && rho < 1)) throw new RangeError(`load ρ must be in (0, 1), got ${rho}`);
  const p = erlangC(c, c * rho);
  return { c, rho, probabilityOfWaiting: p, meanWaitOverService: p / (c * (1 - rho)) };
}

/** Builds the tables: the Erlang C grid (or the given servers × loads) and the default wait-ratio table. */
export function theoryTables(servers: readonly number[] = DEFAULT_ERLANG_GRID.servers, loads: readonly number[] = DEFAULT_ERLANG_GRID.loads): TheoryTables {
  return { erlangC: servers.flatMap((c) => loads.map((rho) => erlangCRow(c, rho))), waitRatios: waitRatioTable() };
}

/** Formats the tables as plain text. */
export function formatTheoryTables(t: TheoryTables): string {
  const lines: string[] = [];
  lines.push('Erlang C (M/M/c): probability of waiting and mean wait in queue / mean service time');
  lines.push(...table([['c', 'rho', 'P(wait)', 'Wq/E[S]'], ...t.erlangC.map((r) => [String(r.c), String(r.rho), fmt(r.probabilityOfWaiting), fmt(r.meanWaitOverService)])]));
  lines.push('');
  lines.push('Mean wait, non-preemptive priority to the short class vs FIFO (Cobham; one server, exponential classes, short mean 1)');
  lines.push('ratios < 1 are improvements; all = message-weighted mean wait; long/short under priority');
  lines.push(
    ...table([
      ['long/short', 'short share', 'rho', 'short/FIFO', 'long/FIFO', 'all/FIFO', 'long/short wait'],
      ...t.waitRatios.map((r) => [String(r.longShortRatio), String(r.shortShare), String(r.rho), r.short.toFixed(4), r.long.toFixed(4), r.all.toFixed(4), r.longOverShort.toFixed(4)]),
    ]),
  );
  return lines.join('\n') + '\n';
}

/** Six decimals, or three-digit scientific notation for tiny values that would print as 0.000000. */
function fmt(v: number): string {
  return v !== 0 && Math.abs(v) < 1e-4 ? v.toExponential(3) : v.toFixed(6);
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => `  ${r.map((cell, i) => cell.padStart(widths[i]!)).join('  ')}`);
}

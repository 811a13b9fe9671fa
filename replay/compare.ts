// Simulator vs replay: whole-run mean latency and its change against FIFO, per load and arm, and the gap in points.
import * as msg from './messages.ts';
import { parseResultFile, type ResultFileRead } from '../src/result/result-reader.ts';

/** One arm at one load, set side by side. Changes are in percent; the gap is replay − simulator, in points. */
export interface CompareRow {
  readonly load: string;
  readonly arm: string;
  readonly sim_mean_ms: number;
  readonly replay_mean_ms: number;
  /** replay mean / simulator mean − 1, percent. */
  readonly mean_diff_pct: number;
  /** (arm − fifo) / fifo over the whole run, percent; null for fifo itself or when fifo is missing. */
  readonly sim_change_pct: number | null;
  readonly replay_change_pct: number | null;
  readonly gap_points: number | null;
}

function meanOf(file: ResultFileRead, load: string, arm: string): number | null {
  return file.results[load]?.arms[arm]?.all['mean_latency_ms'] ?? null;
}

/**
 * Pairs every (load, arm) of the replay file with the simulation file (both read by the one result reader).
 * `issues` receives one message per problem: a replay marked invalid, a file that is not a valid result file, a
 * load or arm missing from the simulation, a missing mean. Rows are in the replay's
 * order. The change against FIFO needs a `fifo` arm at the same load in both files.
 */
export function compareResults(sim: unknown, replay: unknown, simName: string, replayName: string, issues: string[]): CompareRow[] {
  const rows: CompareRow[] = [];
  const rep = replay as { replay?: { valid?: unknown; reasons?: unknown } };
  if (rep === null || typeof rep !== 'object' || rep.replay === undefined) {
    issues.push(msg.compareNotAReplay(replayName));
    return rows;
  }
  if (rep.replay.valid !== true) {
    const why = Array.isArray(rep.replay.reasons) ? ` (${(rep.replay.reasons as string[]).join('; ')})` : '';
    issues.push(msg.compareReplayInvalid(replayName, rep.replay.valid, why));
    return rows;
  }
  const simRead = parseResultFile(sim, simName);
  const repRead = parseResultFile(replay, replayName);
  if (!simRead.ok || !repRead.ok) {
    for (const read of [simRead, repRead]) if (!read.ok) issues.push(...read.issues);
    return rows;
  }
  for (const [load, lr] of Object.entries(repRead.value.results)) {
    const armNames = Object.keys(lr.arms);
    const simFifo = meanOf(simRead.value, load, 'fifo');
    const repFifo = meanOf(repRead.value, load, 'fifo');
    for (const arm of armNames) {
      const s = meanOf(simRead.value, load, arm);
      const r = meanOf(repRead.value, load, arm);
      if (s === null) {
        issues.push(msg.compareSimulationMissing(simName, load, arm));
        continue;
      }
      if (r === null) {
        issues.push(msg.compareReplayMeanMissing(replayName, load, arm));
        continue;
      }
      const hasBase = arm !== 'fifo' && simFifo !== null && repFifo !== null && simFifo > 0 && repFifo > 0;
      const sc = hasBase ? ((s - simFifo!) / simFifo!) * 100 : null;
      const rc = hasBase ? ((r - repFifo!) / repFifo!) * 100 : null;
      rows.push({
        load, arm, sim_mean_ms: s, replay_mean_ms: r, mean_diff_pct: (r / s - 1) * 100,
        sim_change_pct: sc, replay_change_pct: rc, gap_points: sc !== null && rc !== null ? rc - sc : null,
      });
    }
  }
  return rows;
}

/** The rows as an aligned text table. */
export function formatCompareTable(rows: readonly CompareRow[]): string {
  const header = ['load', 'arm', 'sim mean ms', 'replay mean ms', 'replay/sim', 'sim vs fifo', 'replay vs fifo', 'gap (points)'];
  const pct = (x: number | null): string => (x === null ? '' : `${x >= 0 ? '+' : ''}${x.toFixed(1)} %`);
  const cells = rows.map((r) => [
    r.load, r.arm, r.sim_mean_ms.toFixed(2), r.replay_mean_ms.toFixed(2), pct(r.mean_diff_pct), pct(r.sim_change_pct), pct(r.replay_change_pct),
    r.gap_points === null ? '' : r.gap_points.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]): string => c.map((x, i) => (i < 2 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  return `${[line(header), ...cells.map(line)].join('\n')}\n`;
}

/** The rows of one replay against one simulation file, and how the table names that file. */
export interface CompareSet {
  /** e.g. `sim-cores.json (cores 2)`: the file and its contention options, for the legend. */
  readonly name: string;
  readonly rows: readonly CompareRow[];
}

/**
 * One replay beside several simulations of it (e.g. unlimited cores and `--cores C`) as one aligned table: per load
 * and arm the replay's mean and change vs FIFO, then per simulation [i] its mean, replay/sim, change vs FIFO and the
 * gap, with a legend naming each [i]. Every set holds the rows of the same replay, in the same order. One set is
 * `formatCompareTable` unchanged.
 */
export function formatCompareTables(sets: readonly CompareSet[]): string {
  if (sets.length === 1) return formatCompareTable(sets[0]!.rows);
  const pct = (x: number | null): string => (x === null ? '' : `${x >= 0 ? '+' : ''}${x.toFixed(1)} %`);
  const header = ['load', 'arm', 'replay mean ms', 'replay vs fifo'];
  sets.forEach((_, i) => header.push(`[${i + 1}] mean ms`, `replay/[${i + 1}]`, `[${i + 1}] vs fifo`, `gap [${i + 1}]`));
  const first = sets[0]!.rows;
  const cells = first.map((r, k) => {
    const c = [r.load, r.arm, r.replay_mean_ms.toFixed(2), pct(r.replay_change_pct)];
    for (const set of sets) {
      const x = set.rows[k]!;
      c.push(x.sim_mean_ms.toFixed(2), pct(x.mean_diff_pct), pct(x.sim_change_pct), x.gap_points === null ? '' : x.gap_points.toFixed(1));
    }
    return c;
  });
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]): string => c.map((x, i) => (i < 2 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  const legend = sets.map((set, i) => `[${i + 1}] ${set.name}`);
  return `${[line(header), ...cells.map(line), '', ...legend, 'gap: replay − simulator change vs fifo, in points'].join('\n')}\n`;
}

// The sanity warnings of an experiment's cells (`run`, `sweep`), printed once each before the cells run.
import type { Trace } from '../src/trace/trace.ts';
import type { SanityConfig } from '../sim/diagnose/sanity-warnings.ts';
import { reportSanity } from './sanity-report.ts';
import { loadTraceChecked, taskConfig, type CellTask } from '../experiments/cell-task.ts';

/**
 * The sanity warnings of an experiment's cells (`run`, `sweep`): cells of one trace and one shape (levels, workers,
 * split, windows) are joined into one config of all their loads and arms. Traces come from this thread's cache
 * (read when the run was prepared); a trace that cannot be read is left for its cells to report.
 */
export async function reportCellsSanity(tasks: readonly CellTask[]): Promise<void> {
  const groups = new Map<string, { task: CellTask; loads: SanityConfig['loads'][number][]; arms: Map<string, SanityConfig['arms'][number]> }>();
  for (const task of tasks) {
    let cfg;
    try {
      cfg = taskConfig(task);
    } catch {
      continue;
    }
    const id = [task.tracePath, task.traceSha256, task.levels, task.workers, task.split, task.fraction, task.windows].join('\n');
    let g = groups.get(id);
    if (g === undefined) {
      g = { task, loads: [], arms: new Map() };
      groups.set(id, g);
    }
    for (const l of cfg.loads) if (!g.loads.includes(l)) g.loads.push(l);
    for (const a of cfg.arms) if (!g.arms.has(a.text)) g.arms.set(a.text, a);
  }
  for (const { task, loads, arms } of groups.values()) {
    let trace: Trace;
    try {
      trace = (await loadTraceChecked(task.tracePath, task.traceSha256, task.cache)).trace;
    } catch {
      continue;
    }
    const base = taskConfig(task);
    reportSanity(trace, { ...base, loads, arms: [...arms.values()] });
  }
}

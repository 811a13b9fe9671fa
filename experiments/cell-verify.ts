// Checking a cell a queue worker returned against the cell the coordinator planned, before anything is written.
import * as msg from './messages.ts';
import { isObject } from '../src/json/json-value.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { METRIC_NAMES } from '../src/result/metric-names.ts';
import { parseCellFile } from './cell-file.ts';
import type { CellOutcome, CellTask } from './cell-task.ts';
import type { Trace } from '../src/trace/trace.ts';
import { perturbTrace } from '../src/trace/perturb.ts';
import { splitTrace } from '../sim/split.ts';
import type { SimulationConfig } from '../sim/simulate.ts';

/** What the coordinator knows of a cell before a worker runs it. */
export interface CellPlan {
  readonly task: CellTask;
  /** The input hash the cell's file must record (configHash of its options and trace). */
  readonly configHash: string;
  /** The trace's rows and the evaluation rows after the split, when the coordinator has the trace; else null. */
  readonly rows: { readonly rows: number; readonly evaluation: number } | null;
}

/** The rows and evaluation rows a simulation of `trace` under `cfg` has (its perturbation, then its split; as simulate). */
export function plannedRows(trace: Trace, cfg: SimulationConfig): { rows: number; evaluation: number } {
  const t = cfg.perturb ? perturbTrace(trace, cfg.perturb) : trace;
  const split = splitTrace(t, cfg.split, cfg.fraction);
  return { rows: t.n, evaluation: t.n - split.cut };
}

/** Longest cell text accepted from a worker (characters); an honest cell is far smaller even with a latency CDF. */
const MAX_TEXT = 64 * 1024 * 1024;
const WORKER_NAME = /^[\x20-\x7e]{1,200}$/;

/**
 * Judges what a worker returned for `plan`: the outcome to record, always under the planned id. Accepted when it is
 * a cell file (parseCellFile) whose `cell` block is the planned one, whose input hash and trace SHA-256 are the
 * planned ones, and whose metrics hold their invariants (count = the planned evaluation rows, the windows' counts
 * adding up to it, finite non-negative values, p50 ≤ p95 ≤ p99); its text is then the file with `queue_worker`, the
 * worker's name, added. Otherwise a failed outcome naming the worker and every problem. Pure; never throws.
 */
export function verifyReturnedCell(plan: CellPlan, returned: unknown): CellOutcome {
  const id = plan.task.id;
  const worker = isObject(returned) && typeof returned['worker'] === 'string' && WORKER_NAME.test(returned['worker']) ? returned['worker'] : null;
  const refuse = (issues: readonly string[]): CellOutcome => ({ ok: false, id, input: false, message: msg.queuedCellRefused(id, worker, issues) });
  if (!isObject(returned) || returned['ok'] !== true || typeof returned['text'] !== 'string') return refuse(['not a finished cell {ok: true, id, text, worker}']);
  if (worker === null) return refuse(['no worker name (1 to 200 printable characters)']);
  if (returned['id'] !== id) return refuse([`the id ${JSON.stringify(String(returned['id']).slice(0, 200))}, not the cell's`]);
  const text = returned['text'];
  if (text.length > MAX_TEXT) return refuse([`a text of ${text.length} characters (at most ${MAX_TEXT})`]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(['a text that is not JSON']);
  }
  const parsed = parseCellFile(json, `cell ${id}`);
  if (!parsed.ok) return refuse(parsed.issues);
  const file = parsed.value;
  const issues: string[] = [];
  if (stableStringify(file.cell) !== stableStringify(plan.task.block)) issues.push('a cell block other than the planned one');
  if (file.config_hash !== plan.configHash) issues.push(`input hash ${file.config_hash}; expected ${plan.configHash}`);
  if (file.trace.sha256 !== plan.task.traceSha256) issues.push(`trace SHA-256 ${file.trace.sha256}; expected ${plan.task.traceSha256}`);
  if (file.trace.path !== plan.task.traceLabel) issues.push(`trace path ${JSON.stringify(file.trace.path)}; expected ${JSON.stringify(plan.task.traceLabel)}`);
  if ('queue_worker' in file) issues.push('a queue_worker field of its own');
  if (plan.rows !== null && (file.trace.rows !== plan.rows.rows || file.trace.evaluation_rows !== plan.rows.evaluation)) {
    issues.push(`${file.trace.rows} rows, ${file.trace.evaluation_rows} evaluated; expected ${plan.rows.rows} and ${plan.rows.evaluation}`);
  }
  const evaluation = plan.rows?.evaluation ?? file.trace.evaluation_rows;
  const load = file.results[file.cell.load];
  const arm = load?.arms[file.cell.key];
  if (arm === undefined) issues.push(`no result for arm ${file.cell.key} at load ${file.cell.load}`);
  else {
    if (arm.all['count'] !== evaluation) issues.push(`all.count ${arm.all['count']}; expected the ${evaluation} evaluation rows`);
    issues.push(...metricIssues(arm.all as unknown as Record<string, unknown>, 'all'));
    let sum = 0;
    arm.windows.forEach((w, i) => {
      sum += Number(w['count']);
      issues.push(...metricIssues(w as unknown as Record<string, unknown>, `windows[${i}]`));
    });
    if (sum !== arm.all['count']) issues.push(`window counts adding up to ${sum}; expected all.count ${arm.all['count']}`);
  }
  if (issues.length > 0) return refuse(issues);
  return { ok: true, id, text: stableStringify({ ...file, queue_worker: worker }) };
}

/** Problems of one metric object: a whole count ≥ 0; with messages, finite values ≥ 0 and p50 ≤ p95 ≤ p99. */
function metricIssues(m: Record<string, unknown>, where: string): string[] {
  const count = m['count'];
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return [`${where}.count ${String(count)}; expected a whole number ≥ 0`];
  if (count === 0) return [];
  const out: string[] = [];
  for (const name of METRIC_NAMES) {
    const v = m[name];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) out.push(`${where}.${name} ${String(v)}; expected a finite number ≥ 0`);
  }
  const [p50, p95, p99] = [m['p50_latency_ms'], m['p95_latency_ms'], m['p99_latency_ms']] as number[];
  if (!(p50! <= p95! && p95! <= p99!)) out.push(`${where}: p50 ${p50}, p95 ${p95}, p99 ${p99} latency; expected p50 ≤ p95 ≤ p99`);
  return out;
}

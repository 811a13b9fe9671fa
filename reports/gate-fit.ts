// Which gates fit which trace's results, and their evaluation at the loads where they fit (analysis/gate-evaluation.ts).
import { evaluateGate, type LoadReport } from '../analysis/gate-evaluation.ts';
import type { GateFile } from '../analysis/gate-file.ts';
import { replicationsOf } from '../analysis/replicated-criterion.ts';
import type { ResultSet, SourcedArm } from '../analysis/result-set.ts';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { compareLoads, type TraceResults } from './trace-results.ts';

/** How a gate stands against pre-registration: frozen and unchanged, never frozen. */
export type Registration = 'pre-registered' | 'not pre-registered';

/** A gate file read for the report, with its lock status. */
export interface ReportGate {
  readonly path: string;
  readonly sha256: string;
  readonly gate: GateFile;
  readonly registration: Registration;
  /** SHA-256 of the lock file, when pre-registered. */
  readonly lockSha256: string | null;
  /** Whether the gate was named with --gate (a misfit is then reported as a warning). */
  readonly explicit: boolean;
}

/** A gate evaluated on one trace at the loads where it fits. */
export interface GateEvaluation {
  readonly gate: ReportGate;
  readonly trace: TraceResults;
  readonly loads: Readonly<Record<string, LoadReport>>;
  /** Loads of the trace where the gate does not fit, with why. */
  readonly skippedLoads: readonly string[];
}

/**
 * Evaluates `gate` on `trace` at every load where its arms are present, run once or replicated (`arm#sSEED`, judged
 * as `hsim gate check` judges them), with the pre-registered window count in every run (and the gate's trace hash
 * and loads, when it names them, match). Returns the evaluation, or `{ reason }` saying why
 * the gate does not fit at all. Throws nothing: an evaluation error becomes the reason.
 */
export function fitAndEvaluateGate(gate: ReportGate, trace: TraceResults): GateEvaluation | { reason: string } {
  const g = gate.gate;
  if (g.traceSha256 !== undefined && g.traceSha256 !== trace.sha256) {
    return { reason: msg.gateForOtherTrace(g.id, g.traceSha256, trace.sha256) };
  }
  const arms = [...new Set(Object.values(g.criteria).flatMap((c) => [c.arm, c.baseline]))];
  const fitting = new Map<string, ReadonlyMap<string, SourcedArm>>();
  const skipped: string[] = [];
  const candidates = g.loads ?? [...trace.set.loads.keys()];
  for (const load of [...candidates].sort(compareLoads)) {
    const at = trace.set.loads.get(load);
    if (at === undefined) {
      skipped.push(msg.fitLoadAbsent(load));
      continue;
    }
    const runs = new Map(arms.map((a) => [a, at.has(a) ? [at.get(a)!] : [...replicationsOf(at, a).values()]]));
    const missing = arms.filter((a) => runs.get(a)!.length === 0);
    if (missing.length > 0) {
      skipped.push(msg.fitArmsMissing(load, missing));
      continue;
    }
    const counts = new Set([...runs.values()].flatMap((rs) => rs.map((r) => r.arm.windows.length)));
    if (g.windows !== undefined && (counts.size !== 1 || !counts.has(g.windows))) {
      skipped.push(msg.fitWindowCounts(load, [...counts], g.windows));
      continue;
    }
    fitting.set(load, at);
  }
  if (fitting.size === 0 || (g.loads !== undefined && skipped.length > 0)) {
    return { reason: msg.gateDoesNotFit(g.id, trace.name, skipped) };
  }
  const set: ResultSet = { files: trace.set.files, traceSha256: trace.set.traceSha256, loads: fitting };
  try {
    const loads = evaluateGate({ ...g, loads: [...fitting.keys()] }, gate.path, set);
    return { gate, trace, loads, skippedLoads: skipped };
  } catch (err) {
    if (err instanceof InputError) return { reason: err.message };
    throw err;
  }
}

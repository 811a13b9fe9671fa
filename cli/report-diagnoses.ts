// `traces diagnose` for the traces of a results folder, for the report's trace sections (reads the trace files).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { readRegularFileSync } from '../src/io/regular-file-io.ts';
import { readTrace } from '../traces/trace-io.ts';
import { parseArm } from '../sim/arms/index.ts';
import { diagnoseTrace } from '../sim/diagnose/trace-diagnosis.ts';
import type { Load } from '../sim/split.ts';
import { defaultLevelFor } from '../sim/sim-options.ts';
import type { TraceDiagnosisEntry } from '../reports/trace-section.ts';
import type { TraceDiagnosis } from '../sim/diagnose/trace-diagnosis.ts';

/** A report's diagnosis entry holding the whole diagnosis (the report shows a part of it). */
export interface ResultTraceDiagnosis extends TraceDiagnosisEntry {
  readonly diagnosis: TraceDiagnosis | null;
}

/** The arm and preferred load of a report's diagnosis: the default predictive arm, at 0.8 when the results have it. */
const DIAGNOSE_ARM = 'predictive';
const PREFERRED_LOAD = 0.8;

interface ResultHead {
  trace?: { path?: unknown; sha256?: unknown };
  options?: { workers?: unknown; levels?: unknown; split?: unknown; fraction?: unknown; loads?: unknown };
}

/**
 * One diagnosis per trace (by SHA-256) of the result files in `dir`, with the workers, levels and split the results
 * were simulated with, at load 0.8 when simulated, else the first load. A trace whose file is gone or changed, or
 * that cannot be diagnosed (no history), gets an entry saying why. Never throws for a bad file: it is skipped.
 */
export async function diagnoseResultTraces(dir: string): Promise<ResultTraceDiagnosis[]> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const out: ResultTraceDiagnosis[] = [];
  for (const name of names) {
    let head: ResultHead;
    try {
      // Only regular files: a named pipe would block forever (the report's reader names it in a warning).
      head = JSON.parse(readRegularFileSync(join(dir, name)).toString('utf8')) as ResultHead;
    } catch {
      continue;
    }
    const path = head.trace?.path;
    const sha256 = head.trace?.sha256;
    const o = head.options;
    if (typeof path !== 'string' || typeof sha256 !== 'string' || o === undefined || out.some((e) => e.sha256 === sha256)) continue;
    out.push(await diagnoseOne(path, sha256, o));
  }
  return out;
}

async function diagnoseOne(path: string, sha256: string, o: NonNullable<ResultHead['options']>): Promise<ResultTraceDiagnosis> {
  const missing = (why: string): ResultTraceDiagnosis => ({ sha256, diagnosis: null, missing: why });
  if (!existsSync(path)) return missing(`the trace file ${path} recorded in the results is not there`);
  // A result names its trace: a named pipe or device there would block the diagnosis forever.
  if (!statSync(path).isFile()) return missing(msg.traceNotRegularFile(path));
  const levels = typeof o.levels === 'number' ? o.levels : 3;
  const split = o.split === 'count' ? 'count' : o.split === 'time' ? 'time' : null;
  if (split === null) return missing(`the results were simulated with split ${String(o.split)}: a diagnosis needs a history half`);
  const loads = Array.isArray(o.loads) ? (o.loads as unknown[]).filter((l): l is Load => typeof l === 'number' || l === 'as-is') : [];
  const load: Load = loads.includes(PREFERRED_LOAD) ? PREFERRED_LOAD : (loads[0] ?? PREFERRED_LOAD);
  try {
    const loaded = await readTrace(path);
    if (loaded.sha256 !== sha256) return missing(`${path} has changed since the results were written (SHA-256 ${loaded.sha256.slice(0, 12)}…)`);
    const diagnosis = diagnoseTrace(loaded.trace, {
      arm: parseArm(DIAGNOSE_ARM, levels), load, workers: typeof o.workers === 'number' ? o.workers : 64, levels,
      defaultLevel: defaultLevelFor(levels), split, fraction: typeof o.fraction === 'number' ? o.fraction : 0.5,
    });
    return { sha256, diagnosis, missing: null };
  } catch (err) {
    if (err instanceof InputError) return missing(err.message);
    throw err;
  }
}

// After `hsim convert`: a warning on stderr when the written trace's durations look like the wrong unit.
import { readTrace } from '../traces/trace-io.ts';
import { durationUnitSuspicion, likelyUnit } from '../src/trace/duration-units.ts';
import { unitSuspicionText } from '../sim/diagnose/unit-warnings.ts';
import type { TraceMeta } from '../traces/trace-meta.ts';

/** Workers the as-is load of a converted trace is judged on: simulate's default. */
const CONVERT_WORKERS = 64;

/**
 * Reads the trace just written (no cache) and returns the warning line when its durations look like the wrong unit,
 * naming the unit declared (from the meta's conversion rules, when the format has one) and the flag to fix; else null.
 */
export async function convertedUnitWarning(tracePath: string, meta: TraceMeta): Promise<string | null> {
  const { trace } = await readTrace(tracePath, { cache: false });
  const s = durationUnitSuspicion(trace.arrival, trace.duration, trace.n, CONVERT_WORKERS);
  if (s === null) return null;
  const declared = meta.converter.options.durationUnit;
  if (typeof declared !== 'string') {
    return `hsim: warning: ${unitSuspicionText(s, null, null, 'This format fixes its units: check the source file.')}\n`;
  }
  const likely = likelyUnit(s.kind, declared);
  const fix = likely === null
    ? 'If so, convert again with the right --duration-unit (or --arrival-unit).'
    : `If so, convert again with --duration-unit ${likely} (or fix --arrival-unit if the arrivals are the ones in the wrong unit).`;
  return `hsim: warning: ${unitSuspicionText(s, declared, likely, fix)}\n`;
}

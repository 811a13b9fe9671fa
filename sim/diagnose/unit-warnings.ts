// The warning of `simulate`, `run`, `sweep` and `traces diagnose` when a trace's durations look like the wrong unit.
import type { Trace } from '../../src/trace/trace.ts';
import * as msg from '../messages.ts';
import { durationUnitSuspicion, type UnitSuspicion } from '../../src/trace/duration-units.ts';
import { humanMs, type DiagnoseWarning } from './diagnose-warnings.ts';

/** The suspicion's sentence with `fix` appended (numbers as people say them). */
export function unitSuspicionText(s: UnitSuspicion, declared: string | null, likely: string | null, fix: string): string {
  const f = (x: number): string => String(Number(x.toPrecision(3)));
  const load = s.kind === 'long' ? f(s.asIsLoad) : f(s.asIsLoad * s.workers);
  return msg.durationUnitSuspect(s.kind, humanMs(s.medianMs), humanMs(s.spanMs), load, s.workers, declared, likely, fix);
}

/** A warning when the trace's durations are implausible against its arrivals on `workers` workers (durationUnitSuspicion). */
export function durationUnitWarnings(trace: Trace, workers: number): DiagnoseWarning[] {
  const s = durationUnitSuspicion(trace.arrival, trace.duration, trace.n, workers);
  if (s === null) return [];
  return [{ parameter: '--duration-unit of hsim convert', text: unitSuspicionText(s, null, null, 'If so, convert the source again with the right --duration-unit (or --arrival-unit); time parameters such as aging and staleness are in real ms, so a wrong unit changes what they mean') }];
}

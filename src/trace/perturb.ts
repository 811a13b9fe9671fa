// Perturbations of a trace's order before the split: seeded shuffles within arrival ties, and seeded arrival jitter.
import { createRng } from '../rng/seeded.ts';
import { stableOrderBy, type Trace } from './trace.ts';

/** How rows that share an arrival time are ordered: as in the file (null) or by a seeded permutation. */
export type TiesOrder = { readonly seed: number } | null;
/** Each arrival moved uniformly within ±ms by a seeded draw (null: none). */
export type Jitter = { readonly ms: number; readonly seed: number } | null;

/** The perturbations of one run; both null is the trace as read, byte for byte. */
export interface Perturbation {
  readonly ties: TiesOrder;
  readonly jitter: Jitter;
}

/** What was found and what was expected, for the caller to place (an option or a JSON path). */
export interface Problem {
  readonly found: string;
  readonly expected: string;
}

/** Parses `file` or `shuffle:SEED` (SEED an integer ≥ 0) into the order, or the problem. */
export function parseTies(text: string): TiesOrder | Problem {
  if (text === 'file') return null;
  const m = /^shuffle:(\d+)$/.exec(text);
  if (m) return { seed: Number(m[1]) };
  return { found: `"${text}"`, expected: 'file or shuffle:SEED with an integer seed ≥ 0 (e.g. shuffle:1)' };
}

/** Parses `MS:SEED` (MS a number ≥ 0 of milliseconds, SEED an integer ≥ 0) into the jitter, or the problem. */
export function parseJitter(text: string): Jitter | Problem {
  const m = /^([^:]+):(\d+)$/.exec(text);
  const ms = m ? Number(m[1]) : Number.NaN;
  if (!m || !Number.isFinite(ms) || ms < 0) return { found: `"${text}"`, expected: 'MS:SEED with MS ≥ 0 milliseconds and an integer seed ≥ 0 (e.g. 50:1)' };
  return { ms, seed: Number(m[2]) };
}

/** Whether a parse result is a problem rather than a value. */
export function isProblem(x: unknown): x is Problem {
  return typeof x === 'object' && x !== null && 'expected' in x;
}

/**
 * The trace with its rows reordered: first, within every group of rows sharing one arrival time, a Fisher–Yates
 * permutation drawn from substream `ties` of the seed (groups in arrival order, one draw per swap); then each
 * arrival plus ms·(2u − 1), u from substream `jitter` of its seed (one draw per row in the order after the
 * shuffle), followed by a stable re-sort by the new arrival. Returns `trace` itself when nothing is asked.
 * Cost O(n log n) with jitter, O(n) otherwise.
 */
export function perturbTrace(trace: Trace, p: Perturbation): Trace {
  if (p.ties === null && p.jitter === null) return trace;
  const n = trace.n;
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (p.ties !== null) {
    const rng = createRng(p.ties.seed).fork('ties');
    const a = trace.arrival;
    for (let lo = 0; lo < n; ) {
      let hi = lo + 1;
      while (hi < n && a[hi] === a[lo]) hi++;
      for (let i = hi - 1; i > lo; i--) {
        const j = lo + Math.floor(rng.next() * (i - lo + 1));
        const t = order[i]!;
        order[i] = order[j]!;
        order[j] = t;
      }
      lo = hi;
    }
  }
  let arrival = gather(trace.arrival, order);
  if (p.jitter !== null) {
    const rng = createRng(p.jitter.seed).fork('jitter');
    const ms = p.jitter.ms;
    for (let i = 0; i < n; i++) arrival[i] = arrival[i]! + ms * (2 * rng.next() - 1);
    const resort = stableOrderBy(arrival);
    arrival = gather(arrival, resort);
    const composed = new Uint32Array(n);
    for (let i = 0; i < n; i++) composed[i] = order[resort[i]!]!;
    order = composed;
  }
  return {
    n,
    arrival,
    duration: gather(trace.duration, order),
    keyId: gather(trace.keyId, order),
    keys: trace.keys,
    classId: trace.classId ? gather(trace.classId, order) : null,
    classes: trace.classes,
    size: trace.size ? gather(trace.size, order) : null,
  };
}

function gather<T extends Float64Array | Int32Array>(col: T, order: Uint32Array): T {
  const out = new (col.constructor as new (n: number) => T)(order.length);
  for (let i = 0; i < order.length; i++) out[i] = col[order[i]!]!;
  return out;
}

// The predictor key of every trace row: `key/class` (SPEC §3), `key` with keys=producer, plus ⌊log2 size⌋ with sizebins.
import type { Trace } from '../src/trace/trace.ts';

/** Interned predictor keys per row: row r's key is distinct[rowKeyId[r]] (no per-row array of strings). */
export interface RowKeys {
  readonly rowKeyId: Int32Array;
  readonly distinct: string[];
}

/** The key strings of rows [from, to) (for the replay driver, which sends them with each message). */
export function rowKeyStrings(keys: RowKeys, from: number, to: number): string[] {
  const out = new Array<string>(to - from);
  for (let r = from; r < to; r++) out[r - from] = keys.distinct[keys.rowKeyId[r]!]!;
  return out;
}

/** Builds the predictor key of each row; keys are interned so equal keys share one string. Cost O(n). */
export function rowKeysFor(trace: Trace, producerOnly: boolean, sizebins: boolean): RowKeys {
  const n = trace.n;
  if ((producerOnly || trace.classId === null) && !(sizebins && trace.size !== null)) {
    // The predictor key is the producer key itself: reuse the trace's interning.
    return { rowKeyId: trace.keyId, distinct: [...trace.keys] };
  }
  const rowKeyId = new Int32Array(n);
  const distinct: string[] = [];
  const index = new Map<string, number>();
  const withClass = !producerOnly && trace.classId !== null && trace.classes !== null;
  const withSize = sizebins && trace.size !== null;
  // Fast path: the key is a function of (keyId, classId) only, so memoise per pair.
  const pairCache = new Map<number, number>();
  const nClasses = trace.classes?.length ?? 1;
  for (let r = 0; r < n; r++) {
    let text: string | undefined;
    let pair = -1;
    if (!withSize) {
      pair = trace.keyId[r]! * nClasses + (withClass ? trace.classId![r]! : 0);
      const hit = pairCache.get(pair);
      if (hit !== undefined) {
        rowKeyId[r] = hit;
        continue;
      }
    }
    text = trace.keys[trace.keyId[r]!]!;
    if (withClass) text += `/${trace.classes![trace.classId![r]!]!}`;
    if (withSize) {
      const s = trace.size![r]!;
      text += `/${Number.isFinite(s) && s > 0 ? Math.floor(Math.log2(s)) : 'nosize'}`;
    }
    let id = index.get(text);
    if (id === undefined) {
      id = distinct.length;
      distinct.push(text);
      index.set(text, id);
    }
    if (pair >= 0) pairCache.set(pair, id);
    rowKeyId[r] = id;
  }
  return { rowKeyId, distinct };
}

const cache = new WeakMap<Trace, Map<string, RowKeys>>();

/** rowKeysFor, remembered per trace object and key mode (traces are immutable once built). */
export function rowKeysCached(trace: Trace, producerOnly: boolean, sizebins: boolean): RowKeys {
  let perTrace = cache.get(trace);
  if (!perTrace) {
    perTrace = new Map();
    cache.set(trace, perTrace);
  }
  const mode = `${producerOnly}|${sizebins}`;
  let keys = perTrace.get(mode);
  if (!keys) {
    keys = rowKeysFor(trace, producerOnly, sizebins);
    perTrace.set(mode, keys);
  }
  return keys;
}

// SWF (Parallel Workloads Archive) rows to common-format rows, with the presets of SPEC §4.
import { LINE_KEPT, LINE_REJECTED, LINE_SKIP, RowFields, type RowParser } from './row-parser.ts';
import { parseSwfBytes, parseSwfHeaderLine, SWF_FIELD_COUNT, SWF_FIELDS, SWF_OK } from './swf-line.ts';
import type { TraceColumns } from '../traces/trace-csv.ts';

/** The SWF presets of SPEC §4. */
export type SwfPreset = 'lpc-egee' | 'das2-fs2' | 'swf';

/** Resolved SWF conversion rules; field numbers are 1-based as in swf.html. */
export interface SwfSpec {
  preset: SwfPreset;
  /** Arrival field (default 2, submit time, s). */
  arrivalField: number;
  /** Duration field (default 4, run time, s). */
  durationField: number;
  /** Fields joined by `/` into the key. */
  keyFields: number[];
  /** Field used as the class label, or null for no class column. */
  classField: number | null;
  /** Keep only jobs with allocated processors (field 5) = 1. */
  singleProcessor: boolean;
}

/** The documented defaults of each preset (SPEC §4). */
export function swfPreset(preset: SwfPreset): SwfSpec {
  const base = { preset, arrivalField: 2, durationField: 4, classField: null };
  switch (preset) {
    case 'lpc-egee':
      return { ...base, keyFields: [12, 15], singleProcessor: true };
    case 'das2-fs2':
      return { ...base, keyFields: [12, 14], singleProcessor: false };
    case 'swf':
      return { ...base, keyFields: [12, 15], singleProcessor: false };
  }
}

/** Creates the SWF line parser: arrival = field·1000 ms, duration = field·1000 ms, keep run time > 0. */
export function createSwfParser(spec: SwfSpec): RowParser {
  return new SwfParser(spec);
}

class SwfParser extends RowFields implements RowParser {
  readonly columns: TraceColumns;
  private readonly f = new Float64Array(SWF_FIELDS);
  private readonly spec: SwfSpec;
  private readonly head: Record<string, string> = {};
  private readonly a: number;
  private readonly d: number;
  private readonly k0: number;
  private readonly k1: number;
  private readonly kn: number;
  private readonly c: number;
  private lastK0 = Number.NaN;
  private lastK1 = Number.NaN;
  private readonly keyCache = new Map<number, string>();

  constructor(spec: SwfSpec) {
    super();
    this.spec = spec;
    this.columns = { size: false, class: spec.classField !== null };
    this.a = spec.arrivalField - 1;
    this.d = spec.durationField - 1;
    this.kn = spec.keyFields.length;
    this.k0 = (spec.keyFields[0] ?? 1) - 1;
    this.k1 = (spec.keyFields[1] ?? 1) - 1;
    this.c = (spec.classField ?? 1) - 1;
  }

  parse(buf: Uint8Array, start: number, end: number): number {
    let p = start;
    while (p < end && (buf[p] === 32 || (buf[p]! >= 9 && buf[p]! <= 13))) p++;
    if (p === end) return LINE_SKIP;
    if (buf[p] === 59) {
      const h = parseSwfHeaderLine(Buffer.from(buf.buffer, buf.byteOffset + p, end - p).toString('latin1'));
      if (h !== null) this.head[h.key] = h.key in this.head ? `${this.head[h.key]}\n${h.value}` : h.value;
      return LINE_SKIP;
    }
    const f = this.f;
    const r = parseSwfBytes(buf, p, end, f);
    if (r !== SWF_OK) return this.reject(r === SWF_FIELD_COUNT ? 'field_count' : 'not_numeric', true);
    const submit = f[this.a]!;
    const run = f[this.d]!;
    // -1 marks a missing value in SWF; no real submit time is negative (the log starts at 0).
    if (submit < 0) return this.reject('submit_time_missing');
    if (!(run > 0)) return this.reject('run_time_not_positive');
    if (this.spec.singleProcessor && f[4] !== 1) return this.reject('procs_not_1');
    this.arrival = submit * 1000;
    this.duration = run * 1000;
    // A time near the double limit (1e308 s) overflows to Infinity in ms: never written.
    if (this.arrival === Infinity || this.duration === Infinity) return this.reject('time_overflow');
    this.makeKey();
    if (this.columns.class) this.cls = String(f[this.c]);
    return LINE_KEPT;
  }

  overlong(head: Uint8Array, start: number, end: number): number {
    let p = start;
    while (p < end && (head[p] === 32 || (head[p]! >= 9 && head[p]! <= 13))) p++;
    // An overlong `;` line is a comment or header line, not a row (its text is not kept in the meta).
    if (p < end && head[p] === 59) return LINE_SKIP;
    return this.reject('line_too_long');
  }

  private makeKey(): void {
    const f = this.f;
    if (this.kn === 2) {
      const x = f[this.k0]!;
      const y = f[this.k1]!;
      if (x === this.lastK0 && y === this.lastK1) return;
      this.lastK0 = x;
      this.lastK1 = y;
      // Ids are small integers (−1 = missing): one string per pair, so the writer's key lookup hits a cached hash.
      // The pair code stays below 2^31 (a small integer for V8's maps).
      if (Number.isInteger(x) && Number.isInteger(y) && x >= -1 && y >= -1 && x < 32767 && y < 65535) {
        const code = (x + 1) * 65536 + (y + 1);
        let k = this.keyCache.get(code);
        if (k === undefined) {
          k = String(x) + '/' + String(y);
          if (this.keyCache.size < 1 << 20) this.keyCache.set(code, k);
        }
        this.key = k;
      } else {
        this.key = String(x) + '/' + String(y);
      }
      return;
    }
    let k = '';
    for (let i = 0; i < this.kn; i++) k += (i > 0 ? '/' : '') + String(f[this.spec.keyFields[i]! - 1]);
    this.key = k;
  }

  private reject(reason: string, malformed = false): number {
    this.reason = reason;
    this.malformed = malformed;
    return LINE_REJECTED;
  }

  finish(): void {}

  header(): Record<string, string> {
    return this.head;
  }
}

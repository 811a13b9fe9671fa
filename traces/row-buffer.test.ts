// Tests of the in-memory row buffer: stable arrival order and the same trace traceFromRows builds.
import { describe, expect, it } from 'vitest';
import { traceFromRows, type TraceRow } from '../src/trace/trace.ts';
import { RowBuffer } from './row-buffer.ts';

// Hand-made: two ties at 5 (b before a, input order), keys first seen in input order a, b but in sorted order b, a.
const ROWS: TraceRow[] = [
  { arrival_ms: 9, duration_ms: 1, key: 'a', class: 'x', size_bytes: 10 },
  { arrival_ms: 5, duration_ms: 2, key: 'b', class: 'y', size_bytes: Number.NaN },
  { arrival_ms: 5, duration_ms: 3, key: 'a', class: 'x', size_bytes: 30 },
  { arrival_ms: 1, duration_ms: 4, key: 'b', class: 'y', size_bytes: 40 },
];

describe('RowBuffer', () => {
  it('orders rows stably by arrival and gives the trace of traceFromRows', () => {
    const buf = new RowBuffer(true, true);
    for (const r of ROWS) buf.write(r.arrival_ms, r.duration_ms, r.key, r.class!, r.size_bytes!);
    expect([...buf.order()]).toEqual([3, 1, 2, 0]);
    const t = buf.toTrace();
    expect(t).toEqual(traceFromRows(ROWS, true, true));
    expect(t.keys).toEqual(['b', 'a']);
  });
  it('keeps no class or size column when not asked (a row without them is not an error)', () => {
    const buf = new RowBuffer(false, false);
    buf.write(2, 1, 'k', 'ignored', 7);
    const t = buf.toTrace();
    expect([t.classId, t.classes, t.size]).toEqual([null, null, null]);
    expect(new RowBuffer(false, false).toTrace().n).toBe(0);
  });
});

// Tests of the table parser: its byte path for plain lines against its text path, on seeded mutated lines.
import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../src/rng/seeded.ts';
import { resolveConverterSpec } from './convert-options.ts';
import { LINE_KEPT, LINE_REJECTED, type RowParser } from './row-parser.ts';
import { createTableParser, type TableSpec } from './table-converter.ts';

const enc = new TextEncoder();
const PIECES = ['', ',', '"', '-', '0', '.', '5', '12.25', 'e3', ' ', '+', 'x', 'ü', '9'.repeat(17), '-0', '1000000'];

function mutate(rng: Rng, s: string): string {
  for (let e = Math.floor(rng.next() * 3); e > 0; e--) {
    const at = Math.floor(rng.next() * (s.length + 1));
    const piece = PIECES[Math.floor(rng.next() * PIECES.length)]!;
    s = rng.next() < 0.5 ? s.slice(0, at) + piece + s.slice(at) : s.slice(0, at) + piece + s.slice(at + 1);
  }
  return s;
}

/** The parser's view of the last line: result code and, per code, the fields that then hold. */
function outcome(p: RowParser, r: number): unknown {
  if (r === LINE_KEPT) return [r, p.arrival, p.duration, p.key, p.cls, p.size];
  if (r === LINE_REJECTED) return [r, p.reason, p.malformed];
  return [r];
}

const CASES: [string, TableSpec, string, (rng: Rng) => string][] = [
  ['azure2021', resolveConverterSpec('azure2021', {}).rules as TableSpec, 'app,func,end_timestamp,duration', (rng) => `a${Math.floor(rng.next() * 5)},f${Math.floor(rng.next() * 3)},${(rng.next() * 1e5).toFixed(3)},${(rng.next() * 10).toFixed(Math.floor(rng.next() * 4))}`],
  ['huawei2025', resolveConverterSpec('huawei2025', { keyMode: 'user-func', class: 'cls' }).rules as TableSpec, 'userID,funcName,time_frontend,totalCost_frontend,totalCost_worker,requestBodySize,cls', (rng) => `u${Math.floor(rng.next() * 4)},fn,${(1.7e9 + rng.next() * 1e4).toFixed(6)},${rng.next().toFixed(3)},${rng.next().toFixed(4)},${Math.floor(rng.next() * 5000)},c${Math.floor(rng.next() * 2)}`],
  ['csv', resolveConverterSpec('csv', { arrival: 't', duration: 'd', key: 'k', arrivalUnit: 'us' }).rules as TableSpec, 't,d,k', (rng) => `${Math.floor(rng.next() * 1e9)},${(rng.next() * 100).toFixed(3)},key${Math.floor(rng.next() * 50)}`],
];

describe('table parser byte path', () => {
  it.each(CASES)('%s: 4000 plain and mutated lines give the same row or reject as the text path', (_name, spec, header, line) => {
    const fast = createTableParser(spec, 'f');
    const slow = createTableParser(spec, 'f', { textOnly: true });
    const h = enc.encode(header);
    fast.parse(h, 0, h.length, 1);
    slow.parse(h, 0, h.length, 1);
    const rng = createRng(`table-${header}`);
    let kept = 0;
    for (let i = 0; i < 4000; i++) {
      const text = i % 2 === 0 ? line(rng) : mutate(rng, line(rng));
      const b = enc.encode(text);
      const a = outcome(fast, fast.parse(b, 0, b.length, i + 2));
      expect(a, text).toEqual(outcome(slow, slow.parse(b, 0, b.length, i + 2)));
      if ((a as number[])[0] === LINE_KEPT) kept++;
    }
    // Both kinds of line occur: the comparison is not vacuous.
    expect(kept).toBeGreaterThan(1500);
    expect(kept).toBeLessThan(4000);
  });
});

describe('table parser time texts (raw)', () => {
  it('marks ms times whose text is String(value), on plain and mutated lines, and only those', () => {
    const p = createTableParser(resolveConverterSpec('csv', { arrival: 't', duration: 'd', key: 'k' }).rules as TableSpec, 'f');
    const h = enc.encode('t,d,k');
    p.parse(h, 0, h.length, 1);
    const rng = createRng('table-raw');
    let copied = 0;
    for (let i = 0; i < 4000; i++) {
      const plain = `${Math.round(rng.next() * 1e9) / 1000},${(rng.next() * 100).toFixed(Math.floor(rng.next() * 4))},k${i % 7}`;
      const text = i % 2 === 0 ? plain : mutate(rng, plain);
      const b = enc.encode(text);
      if (p.parse(b, 0, b.length, i + 2) !== LINE_KEPT || p.raw![0]! < 0) continue;
      copied++;
      const r = p.raw!;
      expect(Buffer.from(b.subarray(r[0], r[1])).toString(), text).toBe(String(p.arrival));
      expect(Buffer.from(b.subarray(r[2], r[3])).toString(), text).toBe(String(p.duration));
    }
    // toFixed leaves trailing zeros in some durations: both answers occur.
    expect(copied).toBeGreaterThan(1000);
    expect(copied).toBeLessThan(3500);
  });
  it('copies nothing when a unit converts the times', () => {
    const p = createTableParser(resolveConverterSpec('csv', { arrival: 't', duration: 'd', key: 'k', arrivalUnit: 's' }).rules as TableSpec, 'f');
    for (const [n, line] of ['t,d,k', '12.5,3,key'].entries()) {
      const b = enc.encode(line);
      p.parse(b, 0, b.length, n + 1);
    }
    expect(p.arrival).toBe(12500);
    expect(p.raw![0]).toBe(-1);
  });
});

describe('TableParser keyId', () => {
  it('gives a plain one-column key its interned id (same key, same id) and -1 to quoted and two-part keys', () => {
    const one = createTableParser(resolveConverterSpec('csv', { arrival: 't', duration: 'd', key: 'k' }).rules as TableSpec, 'x.csv');
    const ids: number[] = [];
    for (const [i, line] of ['t,d,k', '1,2,a', '2,2,b', '3,2,a', '4,2,"a"'].entries()) {
      const b = enc.encode(line);
      one.parse(b, 0, b.length, i + 1);
      ids.push(one.keyId ?? -9);
    }
    // Hand-read: the header sets nothing (-1); a → 0, b → 1, a → 0; the quoted "a" takes the text path (-1).
    expect(ids).toEqual([-1, 0, 1, 0, -1]);
    const two = createTableParser(resolveConverterSpec('csv', { arrival: 't', duration: 'd', key: 'k,j' }).rules as TableSpec, 'x.csv');
    for (const [i, line] of ['t,d,k,j', '1,2,a,b'].entries()) {
      const b = enc.encode(line);
      expect(two.parse(b, 0, b.length, i + 1)).toBe(i === 0 ? 0 : LINE_KEPT);
    }
    expect([two.key, two.keyId]).toEqual(['a/b', -1]);
  });
});

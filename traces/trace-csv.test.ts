// Tests of the pure trace CSV parse/format: round trips, quoting, number fidelity, stable order, every bad-input case.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { createRng } from '../src/rng/seeded.ts';
import { traceFromRows, type Trace, type TraceRow } from '../src/trace/trace.ts';
import { formatTraceCsv, parseTraceCsv, quoteCsvField, traceCsvColumns } from './trace-csv.ts';
import { parseTraceHeader, TraceCsvParser } from './trace-csv-parser.ts';

/** The rows of a trace in stored order, as plain objects (for deep equality). */
function rowsOf(t: Trace): TraceRow[] {
  return Array.from({ length: t.n }, (_, i) => {
    const r: TraceRow = { arrival_ms: t.arrival[i]!, duration_ms: t.duration[i]!, key: t.keys[t.keyId[i]!]! };
    if (t.classId) r.class = t.classes![t.classId[i]!]!;
    if (t.size) r.size_bytes = t.size[i]!;
    return r;
  });
}

function parseError(text: string): string {
  try {
    parseTraceCsv(text, 'bad.csv');
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as Error).message;
  }
  throw new Error('expected an InputError');
}

const HEADER = 'arrival_ms,duration_ms,key\n';

describe('parseTraceCsv / formatTraceCsv', () => {
  it('round-trips awkward floats, quoted keys and classes, sizes', () => {
    const rows: TraceRow[] = [
      { arrival_ms: 0.1 + 0.2, duration_ms: 1e-7, key: 'a,b', class: 'x"y', size_bytes: 0 },
      { arrival_ms: 123456789.123, duration_ms: 0, key: 'line\nbreak', class: 'c', size_bytes: 12345678901 },
      { arrival_ms: -5, duration_ms: 5e-324, key: 'ключ', class: '', size_bytes: Number.NaN },
      { arrival_ms: 1e21, duration_ms: 1.7976931348623157e308, key: 'cr\rkey', class: 'c', size_bytes: 7 },
    ];
    const trace = traceFromRows(rows);
    const text = formatTraceCsv(trace);
    expect(text.split('\n')[0]).toBe('arrival_ms,duration_ms,key,size_bytes,class');
    expect(text).toContain('0.30000000000000004,1e-7,"a,b",0,"x""y"');
    expect(text).toContain('-5,5e-324,ключ,,\n');
    const back = parseTraceCsv(text);
    expect(rowsOf(back)).toEqual(rowsOf(trace));
    expect(formatTraceCsv(back)).toBe(text);
  });

  it('keeps file order within equal arrivals (stable sort)', () => {
    const t = parseTraceCsv(`${HEADER}5,1,c\n1,1,a\n5,2,d\n1,2,b\n5,3,e\n`);
    expect(rowsOf(t).map((r) => r.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(Array.from(t.duration)).toEqual([1, 2, 1, 2, 3]);
  });

  it('reads numbers losslessly: any decimal text gives the same double as Number()', () => {
    const texts = ['0.1', '1.', '.5', '+2', '-0.000001234', '123456789012345', '1234567890123456789', '0.30000000000000004', '1e-7', '2.5E+3', '9007199254740993', '0.860'];
    const t = parseTraceCsv(HEADER + texts.map((x) => `${x},1,k`).join('\n'));
    expect(Array.from(t.arrival).sort((a, b) => a - b)).toEqual(texts.map(Number).sort((a, b) => a - b));
  });

  it('reads numbers of the general row path (a class column) as Number() does, and rejects signs that do not parse', () => {
    const texts = ['0.1', '1.', '.5', '+2', '+.5', '-.5', '-0', '1e-7', '2.5E+3', '1234567890123456789', '0.860'];
    const t = parseTraceCsv(`arrival_ms,duration_ms,key,class\n${texts.map((x) => `${x},1,k,c`).join('\n')}`);
    expect(Array.from(t.arrival, String).sort()).toEqual(texts.map((x) => String(Number(x))).sort());
    for (const bad of ['+-5', '++5', '1.2.3', '-', '+']) {
      expect(() => parseTraceCsv(`arrival_ms,duration_ms,key,class\n1,1,k,c\n${bad},1,k,c\n`, 'g.csv')).toThrow(/^g\.csv:3: /);
    }
  });

  it('reads String(x) of arbitrary doubles back to the same doubles (property, fixed seed)', () => {
    const num = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(fc.array(fc.tuple(num, num.map(Math.abs)), { minLength: 1, maxLength: 30 }), (pairs) => {
        const trace = traceFromRows(pairs.map(([a, d]) => ({ arrival_ms: a, duration_ms: d, key: 'k' })));
        const back = parseTraceCsv(formatTraceCsv(trace));
        // Object.is distinguishes -0, which String() writes as "0"; compare via String instead.
        expect(Array.from(back.arrival, String)).toEqual(Array.from(trace.arrival, String));
        expect(Array.from(back.duration, String)).toEqual(Array.from(trace.duration, String));
      }),
      { seed: 20261202, numRuns: 200 },
    );
  });

  it('gives the same trace for any chunking of the bytes, CRLF or LF (property, fixed seed)', () => {
    const key = fc.string({ minLength: 1, maxLength: 6 }).filter((s) => new TextEncoder().encode(s).length <= 256);
    const row = fc.record({ arrival_ms: fc.integer({ min: 0, max: 50 }).map((x) => x / 4), duration_ms: fc.double({ min: 0, max: 1e6, noNaN: true }), key });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }), fc.boolean(), (rows, cuts, crlf) => {
        const trace = traceFromRows(rows);
        let text = formatTraceCsv(trace);
        if (crlf) text = text.replace(/\n/g, '\r\n');
        const bytes = new TextEncoder().encode(text);
        const parser = new TraceCsvParser('p.csv');
        let at = 0;
        for (let i = 0; at < bytes.length; i++) {
          const step = cuts[i % cuts.length]!;
          parser.push(bytes.subarray(at, at + step));
          at += step;
        }
        expect(rowsOf(parser.finish())).toEqual(rowsOf(trace));
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('parses plain decimals identically on the fast path (LF) and the generic path (CRLF), as Number() does', () => {
    const rng = createRng('fast-path');
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const a = (rng.next() * 10 ** Math.floor(rng.next() * 12)).toFixed(Math.floor(rng.next() * 7));
      const d = (rng.next() * 10 ** Math.floor(rng.next() * 9)).toFixed(Math.floor(rng.next() * 9));
      lines.push(`${rng.next() < 0.1 ? '-' : ''}${a},${d},k${Math.floor(rng.next() * 50)}`);
    }
    const lf = parseTraceCsv(`${HEADER}${lines.join('\n')}\n`);
    const crlf = parseTraceCsv(`${HEADER}${lines.join('\r\n')}\r\n`);
    const reference = traceFromRows(lines.map((l) => {
      const [a, d, k] = l.split(',') as [string, string, string];
      return { arrival_ms: Number(a), duration_ms: Number(d), key: k };
    }));
    expect(rowsOf(lf)).toEqual(rowsOf(reference));
    expect(rowsOf(crlf)).toEqual(rowsOf(reference));
  });

  it('accepts optional columns in any order, an empty size, and a last row without a newline', () => {
    const t = parseTraceCsv('arrival_ms,duration_ms,key,class,size_bytes\n1,2,k,c1,\n3,4,k,c2,10');
    expect(t.classes).toEqual(['c1', 'c2']);
    expect(Array.from(t.size!)).toEqual([Number.NaN, 10]);
    expect(traceCsvColumns(t)).toEqual(['arrival_ms', 'duration_ms', 'key', 'size_bytes', 'class']);
  });

  it('reads a header-only file as an empty trace', () => {
    const t = parseTraceCsv(HEADER);
    expect(t.n).toBe(0);
    expect(t.keys).toEqual([]);
  });

  it('quotes only fields that need it', () => {
    expect(quoteCsvField('plain/key-1')).toBe('plain/key-1');
    expect(quoteCsvField('a,b')).toBe('"a,b"');
    expect(quoteCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCsvField('a\r\nb')).toBe('"a\r\nb"');
  });
});

describe('bad input: InputError naming file:line, what was found and what was expected', () => {
  it('refuses unknown, missing, misplaced and duplicated header columns at file:1', () => {
    expect(() => parseTraceHeader('arrival_ms,duration_ms', 'h.csv')).toThrow(/^h\.csv:1: .*lacks column key/);
    expect(() => parseTraceHeader('duration_ms,arrival_ms,key', 'h.csv')).toThrow(/^h\.csv:1: header column 1 is "duration_ms"/);
    expect(() => parseTraceHeader('arrival_ms,duration_ms,key,weight', 'h.csv')).toThrow(/^h\.csv:1: unknown header column "weight"; expected the header arrival_ms,duration_ms,key/);
    expect(() => parseTraceHeader('arrival_ms,duration_ms,key,class,class', 'h.csv')).toThrow(/^h\.csv:1: header column "class" appears twice/);
    expect(parseError('')).toMatch(/^bad\.csv:1: the file is empty/);
    expect(parseTraceHeader('\ufeffarrival_ms,duration_ms,key\r', 'h.csv')).toEqual(['arrival_ms', 'duration_ms', 'key']);
  });

  it.each([
    ['non-numeric arrival', `${HEADER}1,2,a\nabc,2,a\n`, /^bad\.csv:3: arrival_ms is "abc"; expected a finite number/],
    ['non-numeric duration', `${HEADER}1,2x,a\n`, /^bad\.csv:2: duration_ms is "2x"; expected a finite number ≥ 0/],
    ['hex is not decimal', `${HEADER}0x10,2,a\n`, /^bad\.csv:2: arrival_ms is "0x10"/],
    ['empty duration', `${HEADER}1,,a\n`, /^bad\.csv:2: duration_ms is empty/],
    ['negative duration', `${HEADER}1,2,a\n2,3,a\n3,-1,a\n`, /^bad\.csv:4: duration_ms is "-1"; expected a finite number ≥ 0/],
    ['infinite duration', `${HEADER}1,1e999,a\n`, /^bad\.csv:2: duration_ms is "1e999"/],
    ['Infinity text', `${HEADER}1,Infinity,a\n`, /^bad\.csv:2: duration_ms is "Infinity"/],
    ['non-finite arrival', `${HEADER}-1e400,1,a\n`, /^bad\.csv:2: arrival_ms is "-1e400"; expected a finite number/],
    ['empty key', `${HEADER}1,2,\n`, /^bad\.csv:2: the key is empty; expected a key of 1 to 256 bytes/],
    ['empty quoted key', `${HEADER}1,2,""\n`, /^bad\.csv:2: the key is empty/],
    ['key over 256 bytes', `${HEADER}1,2,${'é'.repeat(129)}\n`, /^bad\.csv:2: the key is 258 bytes long; expected at most 256 bytes/],
    ['too few fields', `${HEADER}1,2\n`, /^bad\.csv:2: the row has 2 fields; expected 3 fields/],
    ['too many fields', `${HEADER}1,2,a,b\n`, /^bad\.csv:2: the row has more than 3 fields/],
    ['empty line', `${HEADER}1,2,a\n\n3,4,b\n`, /^bad\.csv:3: empty line/],
    ['unclosed quote', `${HEADER}1,2,"abc\n`, /^bad\.csv:2: a quoted field is not closed/],
    ['text after a closing quote', `${HEADER}1,2,"a"b\n`, /^bad\.csv:2: unexpected character "b" after a closing quote/],
    ['fractional size', 'arrival_ms,duration_ms,key,size_bytes\n1,2,a,1.5\n', /^bad\.csv:2: size_bytes is "1.5"; expected an integer ≥ 0/],
    ['line after a multi-line quoted key', `${HEADER}1,2,"a\nb"\n1,x,c\n`, /^bad\.csv:4: duration_ms is "x"/],
  ])('%s', (_name, text, pattern) => {
    expect(parseError(text)).toMatch(pattern);
  });

  it('refuses a key that is not UTF-8', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode(`${HEADER}1,2,`), 0xff, 0xfe, 10]);
    const parser = new TraceCsvParser('bin.csv');
    expect(() => parser.push(bytes)).toThrow(/^bin\.csv:2: the key is not valid UTF-8/);
  });
});

// Tests of the SWF line parsers: the byte parser against the plain reference, header lines.
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/rng/seeded.ts';
import { parseSwfBytes, parseSwfHeaderLine, parseSwfLine, SWF_FIELD_COUNT, SWF_NOT_NUMERIC, SWF_OK } from './swf-line.ts';

const enc = new TextEncoder();
// The first job line of LPC-EGEE-2004-1.2-cln.swf (shared/traces-raw/pwa-swf).
const LPC_LINE = '  9933  3585977       3      16 1      0       0 1   7200     -1 1  1  1 -1 2 1 -1 -1';

function bytes(text: string): { code: number; out: Float64Array } {
  const b = enc.encode(text);
  const out = new Float64Array(18);
  return { code: parseSwfBytes(b, 0, b.length, out), out };
}

describe('parseSwfLine', () => {
  it('parses the 18 fields of a real job line', () => {
    const r = parseSwfLine(LPC_LINE);
    expect(r).toEqual({ ok: true, fields: [9933, 3585977, 3, 16, 1, 0, 0, 1, 7200, -1, 1, 1, 1, -1, 2, 1, -1, -1] });
  });
  it('accepts decimals and tabs (CTC-SP2 writes CPU time as 142.00)', () => {
    const r = parseSwfLine('1\t0 588530 937 306 142.00 -1 -1 35100 -1 1 97 -1 307 3 -1 -1 -1');
    expect(r.ok && r.fields[5]).toBe(142);
  });
  it('rejects a wrong field count before looking at the content', () => {
    expect(parseSwfLine('1 2 3')).toEqual({ ok: false, reason: 'field_count' });
    expect(parseSwfLine(`${LPC_LINE} x`)).toEqual({ ok: false, reason: 'field_count' });
  });
  it('rejects non-numeric fields, hex and infinities', () => {
    for (const bad of ['x', '0x10', 'Infinity', '1e999', '--1', '1-', '.', '']) {
      const line = LPC_LINE.replace(' 7200 ', ` ${bad === '' ? '-' : bad} `);
      expect(parseSwfLine(line)).toEqual({ ok: false, reason: 'not_numeric' });
    }
  });
});

describe('parseSwfBytes', () => {
  it('gives the reference fields and verdicts', () => {
    const { code, out } = bytes(LPC_LINE);
    expect(code).toBe(SWF_OK);
    expect(Array.from(out)).toEqual((parseSwfLine(LPC_LINE) as { fields: number[] }).fields);
    expect(bytes('1 2').code).toBe(SWF_FIELD_COUNT);
    expect(bytes(LPC_LINE.replace('7200', '72a0')).code).toBe(SWF_NOT_NUMERIC);
    expect(bytes(LPC_LINE.replace('7200', '1.5e3')).out[8]).toBe(1500);
  });
  it('agrees with parseSwfLine on 3000 seeded mutations of a real line (reference differential)', () => {
    const rng = createRng(20260401);
    const alphabet = ['0', '1', '9', '-', '+', '.', 'e', 'E', ' ', '\t', 'x', '\u00a0', 'é', '\u0000', '12345678901234567890'];
    for (let c = 0; c < 3000; c++) {
      let s = LPC_LINE;
      const edits = 1 + Math.floor(rng.next() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(rng.next() * (s.length + 1));
        const op = rng.next();
        const ins = alphabet[Math.floor(rng.next() * alphabet.length)]!;
        s = op < 0.4 ? s.slice(0, at) + ins + s.slice(at) : op < 0.7 ? s.slice(0, at) + s.slice(at + 1) : s.slice(0, at) + ins + s.slice(at + 1);
      }
      const ref = parseSwfLine(s);
      const { code, out } = bytes(s);
      const want = ref.ok ? SWF_OK : ref.reason === 'field_count' ? SWF_FIELD_COUNT : SWF_NOT_NUMERIC;
      expect(code, JSON.stringify(s)).toBe(want);
      if (ref.ok) expect(Array.from(out), JSON.stringify(s)).toEqual(ref.fields);
    }
  });
});

describe('SWF header lines', () => {
  it('splits "; Key: value" with padding, keeps values with colons', () => {
    expect(parseSwfHeaderLine(';   UnixStartTime: 1091615532')).toEqual({ key: 'UnixStartTime', value: '1091615532' });
    expect(parseSwfHeaderLine(';Version: SWF v2')).toEqual({ key: 'Version', value: 'SWF v2' });
    expect(parseSwfHeaderLine('; Information: http://www.cs.huji.ac.il/')).toEqual({ key: 'Information', value: 'http://www.cs.huji.ac.il/' });
  });
  it('returns null for comment lines without a key', () => {
    expect(parseSwfHeaderLine(';')).toBeNull();
    expect(parseSwfHeaderLine(';   --- SWF file converted from SACCT ---')).toBeNull();
    expect(parseSwfHeaderLine(';              http://www.cs.huji.ac.il/labs/parallel/workload/')).toBeNull();
  });
});

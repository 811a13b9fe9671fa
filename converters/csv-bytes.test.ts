// Tests of the byte fast path against the text path (splitCsvLine, parseDecimal) on seeded random lines.
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/rng/seeded.ts';
import { FIELD_HASH, FIELD_NUMBER, parsePlainDecimalBytes, PlainLine, plainDecimal, scanPlainCsvLine, splitPlainCsvBytes } from './csv-bytes.ts';
import { hashBytes } from '../traces/byte-interner.ts';
import { parseDecimal, splitCsvLine } from './csv-line.ts';

const enc = new TextEncoder();

describe('splitPlainCsvBytes', () => {
  it('gives the fields of splitCsvLine for plain lines', () => {
    const b = enc.encode('x,12.5,,fn001');
    const bounds = new Int32Array(8);
    expect(splitPlainCsvBytes(b, 0, b.length, bounds)).toBe(4);
    const fields = [0, 1, 2, 3].map((i) => Buffer.from(b.subarray(bounds[i]!, bounds[i + 1]! - 1)).toString());
    expect(fields).toEqual(splitCsvLine('x,12.5,,fn001'));
  });
  it('declines quoted, non-ASCII and too-wide lines', () => {
    const bounds = new Int32Array(3);
    for (const line of ['"a",b', 'ü,b', 'a,b,c']) {
      const b = enc.encode(line);
      expect(splitPlainCsvBytes(b, 0, b.length, bounds)).toBe(-1);
    }
  });
});

describe('parsePlainDecimalBytes', () => {
  it('equals Number(text) on random decimals of up to 15 digits (differential, 20000 cases)', () => {
    const rng = createRng('csv-bytes');
    for (let i = 0; i < 20000; i++) {
      const intDigits = Math.floor(rng.next() * 13);
      const fracDigits = Math.floor(rng.next() * (15 - intDigits + 1));
      let t = rng.next() < 0.2 ? '-' : '';
      for (let k = 0; k < intDigits; k++) t += String(Math.floor(rng.next() * 10));
      if (fracDigits > 0 || intDigits === 0) t += '.';
      for (let k = 0; k < Math.max(fracDigits, intDigits === 0 ? 1 : 0); k++) t += String(Math.floor(rng.next() * 10));
      const b = enc.encode(t);
      expect(Object.is(parsePlainDecimalBytes(b, 0, b.length), parseDecimal(t)), t).toBe(true);
    }
  });
  it('declines what it does not handle (the caller parses the text)', () => {
    for (const t of ['', '-', '+1', '1e5', ' 1', '1.2.3', '0x10', '1234567890123456', 'NaN']) {
      const b = enc.encode(t);
      expect(parsePlainDecimalBytes(b, 0, b.length), t).toBeNaN();
    }
  });
  it('says shortest only for a text that is String(x) of its value (differential, 20000 cases)', () => {
    // Leading zeros, trailing zeros, up to 15 digits and up to 8 decimals, so both answers occur often.
    const rng = createRng('csv-bytes-shortest');
    let copied = 0;
    for (let i = 0; i < 20000; i++) {
      const intDigits = Math.floor(rng.next() * 9);
      const fracDigits = Math.floor(rng.next() * 9);
      let t = rng.next() < 0.2 ? '-' : '';
      for (let k = 0; k < intDigits; k++) t += String(Math.floor(rng.next() * (k === 0 && rng.next() < 0.7 ? 10 : 3)));
      if (fracDigits > 0 || rng.next() < 0.1) t += '.';
      for (let k = 0; k < fracDigits; k++) t += String(Math.floor(rng.next() * (rng.next() < 0.3 ? 1 : 10)));
      const b = enc.encode(t);
      const x = parsePlainDecimalBytes(b, 0, b.length);
      if (plainDecimal.shortest) {
        copied++;
        expect(String(x), t).toBe(t);
      }
    }
    expect(copied).toBeGreaterThan(3000);
  });
  it('says shortest for the usual forms and not for the others', () => {
    const yes = ['0', '7', '-7', '0.5', '-0.5', '12.125', '0.000001', '123456789012345', '99999999999.9999'];
    const no = ['-0', '00', '01', '1.', '.5', '1.50', '0.0', '-0.000', '0.0000001', '1234567.1234567', '1e5'];
    for (const t of [...yes, ...no]) {
      const b = enc.encode(t);
      parsePlainDecimalBytes(b, 0, b.length);
      expect(plainDecimal.shortest, t).toBe(yes.includes(t));
    }
  });
});

describe('scanPlainCsvLine', () => {
  // Roles of a 4-column table: a number, a hashed key, an unused column, a number that is also hashed.
  const ROLES = [FIELD_NUMBER, FIELD_HASH, 0, FIELD_NUMBER | FIELD_HASH];

  it('splits, parses and hashes a plain line in one pass (hand-checked line)', () => {
    const plan = new PlainLine(ROLES);
    const b = enc.encode('-12.5,fn001,,7');
    expect(scanPlainCsvLine(b, 0, b.length, plan)).toBe(4);
    expect(Array.from(plan.bounds)).toEqual([0, 6, 12, 13, 15]);
    expect([plan.values[0], plan.values[3]]).toEqual([-12.5, 7]);
    expect([plan.shortest[0], plan.shortest[3]]).toEqual([1, 1]);
    expect([plan.hashes[1], plan.hashes[3]]).toEqual([hashBytes(b, 6, 11), hashBytes(b, 13, 14)]);
  });

  it('declines quoted, non-ASCII, unusual numbers and too many fields (the text path decides)', () => {
    const plan = new PlainLine(ROLES);
    for (const line of ['1,"a",x,2', '1,ü,x,2', '1e3,a,x,2', ' 1,a,x,2', '1,a,x,', '+1,a,x,2', '1,a,x,2,5', '1,a,x,1234567890123456', '1.2.3,a,x,2', '-,a,x,2']) {
      const b = enc.encode(line);
      expect(scanPlainCsvLine(b, 0, b.length, plan), line).toBe(-1);
    }
    // Fewer fields than the roles: the count says so (the caller compares it with the width).
    const short = enc.encode('1,a');
    expect(scanPlainCsvLine(short, 0, short.length, plan)).toBe(2);
  });

  it('agrees with splitPlainCsvBytes, parsePlainDecimalBytes and hashBytes on random lines (differential, 20000 cases)', () => {
    const rng = createRng('csv-bytes-scan');
    const plan = new PlainLine(ROLES);
    const bounds = new Int32Array(ROLES.length + 1);
    const pieces = ['0', '1', '9', '-', '.', ',', '"', 'a', 'é', ' ', 'e', '00', '12', '3.25'];
    let plain = 0;
    for (let i = 0; i < 20000; i++) {
      let t = '';
      const n = Math.floor(rng.next() * 14);
      for (let k = 0; k < n; k++) t += pieces[Math.floor(rng.next() * pieces.length)]!;
      // Embed it in a line of the usual shape half the time, so plain lines are common.
      const line = rng.next() < 0.5 ? t : `${Math.floor(rng.next() * 1e4) / 100},k${t.length},z,${t}`;
      const b = enc.encode(line);
      const got = scanPlainCsvLine(b, 0, b.length, plan);
      const n2 = splitPlainCsvBytes(b, 0, b.length, bounds);
      const numbers = [0, 3].filter((f) => f < n2);
      const parsed = numbers.map((f) => {
        const x = parsePlainDecimalBytes(b, bounds[f]!, bounds[f + 1]! - 1);
        return { x, shortest: plainDecimal.shortest };
      });
      if (n2 < 0 || parsed.some((p) => Number.isNaN(p.x))) {
        expect(got, line).toBe(-1);
        continue;
      }
      expect(got, line).toBe(n2);
      plain++;
      expect(Array.from(plan.bounds.subarray(0, n2 + 1)), line).toEqual(Array.from(bounds.subarray(0, n2 + 1)));
      numbers.forEach((f, j) => {
        expect(Object.is(plan.values[f], parsed[j]!.x), line).toBe(true);
        expect(plan.shortest[f] === 1, line).toBe(parsed[j]!.shortest);
      });
      for (const f of [1, 3].filter((f) => f < n2)) expect(plan.hashes[f], line).toBe(hashBytes(b, bounds[f]!, bounds[f + 1]! - 1));
    }
    expect(plain).toBeGreaterThan(1000);
  });
});

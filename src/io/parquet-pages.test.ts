// The RLE/bit-packed hybrid encoder against a decoder written from the Parquet spec (Encodings.md), for every width.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitWidth, PageBytes, writeRleBitPackedHybrid } from './parquet-pages.ts';

/** Decodes `count` values of `width` bits: RLE runs (header even) and bit-packed groups of 8, LSB first (header odd). */
function decodeHybrid(bytes: Uint8Array, width: number, count: number): { values: number[]; used: number } {
  let pos = 0;
  const uleb = (): number => {
    let v = 0;
    for (let shift = 1; ; shift *= 128) {
      const b = bytes[pos++]!;
      v += (b & 127) * shift;
      if (b < 128) return v;
    }
  };
  const values: number[] = [];
  while (values.length < count) {
    const header = uleb();
    if (header % 2 === 0) {
      let v = 0;
      for (let k = 0; k < (width + 7) >> 3; k++) v += bytes[pos++]! * 256 ** k;
      for (let k = 0; k < header / 2; k++) values.push(v);
    } else {
      const groups = (header - 1) / 2;
      let bits = 0n;
      for (let k = 0; k < groups * width; k++) bits |= BigInt(bytes[pos++]!) << BigInt(8 * k);
      const mask = (1n << BigInt(width)) - 1n;
      for (let k = 0; k < groups * 8; k++) values.push(Number((bits >> BigInt(k * width)) & mask));
    }
  }
  expect(pos).toBeLessThanOrEqual(bytes.length);
  return { values: values.slice(0, count), used: pos };
}

describe('writeRleBitPackedHybrid', () => {
  it('round-trips any values of any width 0…32, runs and noise mixed, from any offset', () => {
    const chunk = fc.tuple(fc.nat(40), fc.nat(), fc.boolean());
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 32 }), fc.array(chunk, { maxLength: 12 }), fc.nat(9), (width, chunks, offset) => {
        const max = width === 0 ? 0 : 2 ** width - 1;
        const list: number[] = [];
        for (const [n, seed, run] of chunks) for (let k = 0; k < n; k++) list.push(run ? seed % (max + 1) : (seed * (k + 1) * 2654435761) % (max + 1));
        const values = new Int32Array(offset + list.length);
        list.forEach((v, k) => (values[offset + k] = v));
        const out = new PageBytes();
        out.u8(0xee); // bytes already in the buffer stay
        writeRleBitPackedHybrid(out, values, offset, values.length, width);
        expect(out.bytes[0]).toBe(0xee);
        const { values: back, used } = decodeHybrid(out.view().subarray(1), width, list.length);
        expect(back).toEqual(list);
        expect(used).toBe(out.length - 1); // nothing written past the last run
      }),
      { numRuns: 400 },
    );
  });

  it('writes long runs as one RLE run and levels of width 1 as one byte per 8 values', () => {
    const out = new PageBytes();
    writeRleBitPackedHybrid(out, new Int32Array(1000).fill(1), 0, 1000, 1);
    expect([...out.view()]).toEqual([0xd0, 0x0f, 1]); // varint 2000, value 1
    out.length = 0;
    writeRleBitPackedHybrid(out, Int32Array.from([1, 0, 1, 1, 0, 0, 0, 1, 1]), 0, 9, 1);
    expect([...out.view()]).toEqual([5, 0b10001101, 0b00000001]); // 2 groups, the second padded with 0s
  });

  it('bitWidth: bits for 0…max', () => {
    expect([0, 1, 2, 3, 4, 255, 256, 2 ** 31 - 1, 2 ** 32 - 1].map(bitWidth)).toEqual([0, 1, 2, 2, 3, 8, 9, 31, 32]);
    expect(bitWidth(-1)).toBe(0); // an empty dictionary
  });
});

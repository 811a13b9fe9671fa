// Tests of the row encoder: batches with their counts, span and first-met texts, and room reserved up front.
import { describe, expect, it } from 'vitest';
import { RowEncoder } from './row-encoder.ts';

const COLS = { size: true, class: true };

describe('RowEncoder.take', () => {
  it('hands over the rows since the last batch, each key and class listed in the first batch that met it', () => {
    const enc = new RowEncoder(COLS, true);
    enc.write(1, 2.5, 'a', 'x', 10);
    enc.write(1, 1000, 'b,c', 'x', Number.NaN);
    const one = enc.take();
    // Hand-written: the row text of SPEC §3 (a key with a comma quoted, a missing size empty).
    expect(Buffer.from(one.bytes).toString()).toBe('1,2.5,a,10,x\n1,1000,"b,c",,x\n');
    expect(one).toMatchObject({ rows: 2, first: 1, last: 1, disordered: false, keys: ['a', 'b,c'], classes: ['x'] });
    enc.write(7, 1, 'a', 'y', 3);
    enc.write(6, 1, 'd', 'x', 4);
    const two = enc.take();
    expect(Buffer.from(two.bytes).toString()).toBe('7,1,a,3,y\n6,1,d,4,x\n');
    expect(two).toMatchObject({ rows: 2, first: 7, last: 6, disordered: true, keys: ['d'], classes: ['y'] });
  });

  it('gives an empty batch with no span when no row came, and lists nothing without trackNew', () => {
    const enc = new RowEncoder(COLS);
    expect(enc.take()).toMatchObject({ rows: 0, first: Number.NaN, last: Number.NaN, keys: [], classes: [] });
    enc.write(1, 1, 'a', 'x', 1);
    expect(enc.take()).toMatchObject({ rows: 1, keys: [], classes: [] });
  });
});

describe('RowEncoder.reserve', () => {
  it('makes room for the bytes asked at once, keeping what is written', () => {
    const enc = new RowEncoder(COLS);
    enc.take();
    enc.write(1, 1, 'a', 'x', 1);
    enc.reserve(1 << 20);
    for (let i = 0; i < 1000; i++) enc.write(2, 1, 'a', 'x', 1);
    const b = enc.take();
    expect(b.bytes.buffer.byteLength).toBeGreaterThanOrEqual(1 << 20);
    expect(Buffer.from(b.bytes).toString()).toBe('1,1,a,1,x\n' + '2,1,a,1,x\n'.repeat(1000));
  });

  it('does not shrink the buffer when asked for less than it has', () => {
    const enc = new RowEncoder(COLS);
    enc.reserve(1 << 20);
    enc.reserve(10);
    enc.write(1, 1, 'a', 'x', 1);
    expect(enc.take().bytes.buffer.byteLength).toBeGreaterThanOrEqual(1 << 20);
  });
});

describe('RowEncoder.writeCopied with key ids', () => {
  it('writes and counts the keys as without ids, the texts looked up by id once met (hand-written rows)', () => {
    const src = Buffer.from('1,2.5');
    const r = Int32Array.of(0, 1, 2, 5);
    const plain = new RowEncoder({ size: false, class: false }, true);
    const byId = new RowEncoder({ size: false, class: false }, true);
    for (const [key, id] of [['a', 0], ['b,c', 1], ['a', 0], ['b,c', 1]] as const) {
      plain.writeCopied(1, key, '', Number.NaN, src, r);
      byId.writeCopied(1, key, '', Number.NaN, src, r, id);
    }
    const want = plain.take();
    expect(Buffer.from(want.bytes).toString()).toBe('1,2.5,a\n1,2.5,"b,c"\n1,2.5,a\n1,2.5,"b,c"\n');
    expect(byId.take()).toEqual(want);
  });

  it('trusts the id: one id given to two keys writes the first key (the caller must keep ids one per key)', () => {
    const enc = new RowEncoder({ size: false, class: false });
    const src = Buffer.from('1,2');
    enc.writeCopied(1, 'a', '', Number.NaN, src, Int32Array.of(0, 1, 2, 3), 0);
    enc.writeCopied(1, 'b', '', Number.NaN, src, Int32Array.of(0, 1, 2, 3), 0);
    expect(Buffer.from(enc.take().bytes).toString()).toBe('1,2,a\n1,2,a\n');
  });
});

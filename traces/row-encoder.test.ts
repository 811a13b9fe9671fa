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

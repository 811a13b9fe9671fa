// The streaming stable-JSON writer against stableStringify: the same bytes on random values and on hand-picked edges.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stableStringify } from './stable-json.ts';
import { writeStableJson } from './stable-json-writer.ts';

/** The writer's pieces, concatenated, and how many pieces there were. */
function streamed(value: unknown): { text: string; pieces: number } {
  const pieces: string[] = [];
  writeStableJson(value, (p) => pieces.push(p));
  return { text: pieces.join(''), pieces: pieces.length };
}

// Keys that exercise the enumeration order (array indices first, numerically), escapes and __proto__.
const keyArb = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('0', '1', '2', '9', '10', '01', '-1', '1.5', '4294967294', '4294967295', '__proto__', 'constructor', 'a"b', 'é', '\u2028', '\ud800'),
  fc.nat({ max: 300 }).map(String),
);
const numberArb = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-0, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 5e-324, 0.1 + 0.2));
const leafArb = fc.oneof(
  numberArb,
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(() => 1),
  fc.array(fc.double(), { maxLength: 4 }).map((a) => Float64Array.from(a)),
  fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 4 }).map((a) => Int32Array.from(a)),
  fc.array(fc.nat({ max: 9 }), { maxLength: 4 }).map((a) => Uint32Array.from(a)),
  fc.array(fc.nat({ max: 255 }), { maxLength: 3 }).map((a) => Uint8Array.from(a)),
);
const { value: valueArb } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leafArb, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.array(fc.tuple(keyArb, tie('value')), { maxLength: 6 }).map((entries) => Object.fromEntries(entries)),
}));

describe('writeStableJson', () => {
  it('writes exactly the bytes of stableStringify on random values (differential, fixed seed)', () => {
    fc.assert(
      fc.property(valueArb, (v) => {
        expect(streamed(v).text).toBe(stableStringify(v));
      }),
      { seed: 20261205, numRuns: 3000 },
    );
  });

  it('hand-picked edges: holes, top-level scalars, empty containers, a result-file shape', () => {
    const sparse: unknown[] = [1];
    sparse[3] = 2;
    const cases: unknown[] = [
      sparse, undefined, null, 0, -0, 'x', [], {}, [[]], [{}], { a: {}, b: [] }, { b: undefined, a: null },
      { results: { '0.8': { arms: { fifo: { all: { count: 3, mean_latency_ms: 1.5 } } } }, 'as-is': {} }, tool: 'hsim' },
      { 10: 'ten', 9: 'nine', b: 1, a: 2, '01': 'zero-one' },
      new Date(0),
    ];
    for (const v of cases) expect(streamed(v).text).toBe(stableStringify(v));
  });

  it('hands a large value on in many bounded pieces whose concatenation is the text', () => {
    const byKey = Object.fromEntries(Array.from({ length: 20000 }, (_, i) => [`key-${i}`, { count: i, mean_wait_ms: i / 3, mean_latency_ms: i / 7 }]));
    const pieces: string[] = [];
    writeStableJson({ by_key: byKey }, (p) => pieces.push(p));
    expect(pieces.length).toBeGreaterThan(10);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(1 << 17);
    expect(pieces.join('')).toBe(stableStringify({ by_key: byKey }));
  });

  it('throws as stableStringify does on a BigInt', () => {
    expect(() => stableStringify({ a: 1n })).toThrow(TypeError);
    expect(() => streamed({ a: 1n })).toThrow(TypeError);
  });
});

// Tests of predictor snapshots: exact round trip on a continued stream, and refusal of damaged or mismatched bytes.
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { createRng, lognormal } from '../rng/seeded.ts';
import { crc32 } from './crc32.ts';
import { Predictor } from './predictor.ts';
import { DEFAULT_PREDICTOR_PARAMS, applyPredictorOverrides } from './params.ts';
import { SNAPSHOT_VERSION, decodePredictorSnapshot, encodePredictorSnapshot } from './snapshot.ts';

const P = (o: Record<string, string | number>) => applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, o);

interface Ev { t: number; key: string; d: number; op: number }

function stream(seed: string, n: number, t0: number): Ev[] {
  const rng = createRng(seed);
  const out: Ev[] = [];
  let t = t0;
  for (let i = 0; i < n; i++) {
    t += rng.next() < 0.01 ? rng.next() * 900_000 : rng.next() * 50;
    const k = Math.floor(Math.pow(rng.next(), 2) * 60);
    out.push({ t, key: k % 9 === 4 ? `ключ/${k}` : `app${k}/fn`, d: lognormal(rng, 1 + (k % 7) * 30, 0.7), op: rng.next() });
  }
  return out;
}

/** Plays events; returns a trace of (level, outcome, estimate) for every prediction. */
function play(p: Predictor, evs: Ev[]): number[] {
  const out: number[] = [];
  for (const e of evs) {
    p.setClock(e.t);
    if (e.op < 0.5) p.observe(e.key, e.d);
    else if (e.op < 0.51) p.observeCensored(e.key);
    else out.push(p.predict(e.key), p.lastOutcome, p.lastEstimate);
  }
  return out;
}

function warmed(): { p: Predictor; bytes: Uint8Array } {
  const p = new Predictor(P({ maxKeys: 32, shards: 4, minSamples: 5 }));
  play(p, stream('snap-a', 6000, -1_000_000));
  return { p, bytes: encodePredictorSnapshot(p) };
}

function refusal(bytes: Uint8Array, opts = {}): string {
  try {
    decodePredictorSnapshot(bytes, 'warm.snap', opts);
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as Error).message;
  }
  throw new Error('expected the snapshot to be refused');
}

describe('crc32', () => {
  it('matches the standard check value', () => {
    // CRC-32/ISO-HDLC check value of "123456789" is 0xCBF43926 (the CRC catalogue's check field).
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});

describe('predictor snapshots', () => {
  it('exports every per-key number: a state read back exports the same, and none of its per-key arrays is left blank', () => {
    const { p } = warmed();
    const st = p.exportState();
    expect(Predictor.fromState(p.params, st).exportState()).toEqual(st);
    // A per-key number missing from the copy would export as all zeros (and read back as zeros, unnoticed above).
    for (const field of ['scale', 'count', 'censored', 'sumWeightedValues', 'total', 'lastActivityUs', 'lastDecayUs', 'createdSeq', 'tier'] as const) {
      expect(st[field].some((x) => x !== 0), field).toBe(true);
    }
  });

  it('round-trips: the loaded predictor continues a stream exactly like the original', () => {
    const { p, bytes } = warmed();
    const q = decodePredictorSnapshot(bytes, 'mem');
    expect(q).not.toBe(p);
    expect(q.params).toEqual(p.params);
    expect(encodePredictorSnapshot(q)).toEqual(bytes);
    expect(q.outcomeCounts()).toEqual(p.outcomeCounts());
    expect(q.boundaries()).toEqual(p.boundaries());
    expect([q.snapshotCount(), q.keyCount(), q.observationCount()]).toEqual([p.snapshotCount(), p.keyCount(), p.observationCount()]);
    const rest = stream('snap-b', 6000, 5_000_000);
    const a = play(p, rest);
    const b = play(q, rest);
    expect(a.filter((_, i) => i % 3 === 1 && a[i] === 0).length).toBeGreaterThan(100); // many predictions
    expect(b).toEqual(a);
    expect(encodePredictorSnapshot(q)).toEqual(encodePredictorSnapshot(p));
  });

  it('runs the restored state under other behaviour parameters when asked', () => {
    const { p, bytes } = warmed();
    const q = decodePredictorSnapshot(bytes, 'mem', { params: { ...p.params, decay: 0.9 } });
    expect(q.params.decay).toBe(0.9);
    expect(q.keyCount()).toBe(p.keyCount());
  });

  it('refuses a wrong layout', () => {
    const { p, bytes } = warmed();
    expect(refusal(bytes, { params: { ...p.params, levels: 4, defaultLevel: 1 } })).toBe(
      'warm.snap: found layout levels=3 shards=4 maxKeys=32; expected levels=4 shards=4 maxKeys=32 as configured',
    );
  });

  it('refuses a corrupted byte (checksum)', () => {
    const { bytes } = warmed();
    const bad = bytes.slice();
    bad[bytes.length >> 1]! ^= 0x10;
    expect(refusal(bad)).toMatch(/^warm\.snap: found a checksum mismatch \(stored CRC-32 0x[0-9a-f]{8}, computed 0x[0-9a-f]{8}\): the file is corrupt/);
  });

  it('refuses truncated and extended files', () => {
    const { bytes } = warmed();
    expect(refusal(bytes.slice(0, bytes.length - 1))).toMatch(/found a truncated snapshot: \d+ bytes, the header announces \d+/);
    expect(refusal(bytes.slice(0, 10))).toMatch(/found a truncated file of 10 bytes/);
    expect(refusal(new Uint8Array(0))).toMatch(/truncated file of 0 bytes/);
    const longer = new Uint8Array(bytes.length + 3);
    longer.set(bytes);
    expect(refusal(longer)).toMatch(/found 3 bytes after the end of the snapshot/);
  });

  it('refuses another version and a file that is not a snapshot', () => {
    const { bytes } = warmed();
    const v2 = bytes.slice();
    new DataView(v2.buffer).setUint32(8, SNAPSHOT_VERSION + 1, true);
    expect(refusal(v2)).toBe(`warm.snap: found snapshot format version ${SNAPSHOT_VERSION + 1}; expected version ${SNAPSHOT_VERSION}`);
    const notSnap = new TextEncoder().encode('arrival_ms,duration_ms,key\n1,2,a\n');
    expect(refusal(notSnap)).toMatch(/found a file that is not a predictor snapshot \(magic "arrival_"\); expected magic "HSIMPRED"/);
  });

  it('refuses a well-formed file whose state is inconsistent (checksum recomputed)', () => {
    const { bytes } = warmed();
    const bad = bytes.slice();
    const dv = new DataView(bad.buffer);
    // The first key record follows the fixed part; find its tier byte via the first key's length.
    const fixed = 16 + 16 + 4 + 19 * 8 + 6 * 8 + 48 * 8 + 4 + 2 * 8 + 4 + 7 * 8 + 4 + 6 * 8 + 4;
    const keyLen = dv.getUint16(fixed, true);
    dv.setInt8(fixed + 2 + keyLen + 4, 7); // tier 7 with 3 levels
    dv.setUint32(bad.length - 4, crc32(bad, 0, bad.length - 4), true);
    expect(refusal(bad)).toMatch(/found an inconsistent state: key .* holds tier 7; expected −1\.\.2/);
  });

  it('encodes an empty predictor and decodes it', () => {
    const p = new Predictor();
    const q = decodePredictorSnapshot(encodePredictorSnapshot(p), 'empty');
    expect(q.keyCount()).toBe(0);
    expect(q.boundaries()).toEqual([]);
  });
});

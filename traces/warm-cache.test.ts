// Tests of the warm-start cache: the file format (round trip, refusals), and the disk store as untrusted input (edits
// with a recomputed CRC, a well-hashed but impossible state, another warm start's file, an unwritable folder).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyPredictorOverrides, DEFAULT_PREDICTOR_PARAMS } from '../src/predictor/params.ts';
import { Predictor } from '../src/predictor/predictor.ts';
import { crc32 } from '../src/predictor/crc32.ts';
import { encodePredictorSnapshot } from '../src/predictor/snapshot.ts';
import { traceFromRows } from '../src/trace/trace.ts';
import type { WarmIdentity } from '../src/predictor/warm-store.ts';
import { decodeWarmCache, encodeWarmCache } from './warm-cache.ts';
import { diskWarmStore, warmCodeFingerprint, warmIdentityText } from './warm-cache-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-warm-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SHA = 'a'.repeat(64);
const trace = traceFromRows([1, 2, 3].map((i) => ({ arrival_ms: i, duration_ms: i * 10, key: `k${i}` })));
const ID: WarmIdentity = { first: 2, compress: 0.37, params: DEFAULT_PREDICTOR_PARAMS, keysProducer: false, sizebins: false };

/** A predictor with a few keys and published boundaries. */
function warmed(): Predictor {
  const p = new Predictor(DEFAULT_PREDICTOR_PARAMS);
  for (let i = 0; i < 300; i++) {
    p.setClock(i * 10);
    p.observe(`k${i % 7}`, 1 + (i % 13) * 17);
  }
  return p;
}

describe('warm-start cache format', () => {
  const snapshot = encodePredictorSnapshot(warmed());

  it('gives back the snapshot for the same identity, and refuses another identity, damage, another version or magic', () => {
    const bytes = encodeWarmCache('{"id":1}', snapshot);
    expect(decodeWarmCache(bytes, '{"id":1}')).toEqual(snapshot);
    expect(decodeWarmCache(bytes, '{"id":2}')).toMatch(/made for another warm start/);
    for (const at of [0, 9, 30, bytes.length - 30, bytes.length - 1]) {
      const bad = bytes.slice();
      bad[at]! ^= 4;
      expect(typeof decodeWarmCache(bad, '{"id":1}')).toBe('string');
    }
    expect(decodeWarmCache(bytes.subarray(0, bytes.length - 4), '{"id":1}')).toMatch(/half-written or truncated/);
    const other = bytes.slice();
    other[8] = 7;
    expect(decodeWarmCache(other, '{"id":1}')).toMatch(/version 7, this hsim reads version 1/);
    expect(decodeWarmCache(new Uint8Array(64), '{"id":1}')).toMatch(/bad magic/);
  });

  it('refuses a snapshot edited with its CRC-32 recomputed (the snapshot alone would accept it)', () => {
    const edited = snapshot.slice();
    // The last f64 of the body (a histogram weight of the last key), then the snapshot's own CRC-32 patched in.
    const dv = new DataView(edited.buffer);
    dv.setFloat64(edited.length - 12, 12345, true);
    dv.setUint32(edited.length - 4, crc32(edited, 0, edited.length - 4), true);
    const bytes = encodeWarmCache('{"id":1}', snapshot);
    const at = bytes.indexOf(snapshot[0]!, 24);
    bytes.set(edited, at);
    expect(decodeWarmCache(bytes, '{"id":1}')).toMatch(/^payload hash mismatch/);
  });
});

describe('diskWarmStore', () => {
  const lines: string[] = [];
  const cacheDir = join(dir, 'cache');
  const store = diskWarmStore(cacheDir, trace, SHA, (w) => lines.push(w));

  it('restores exactly the state it saved; misses silently when there is none, and for any other trace object', () => {
    expect(store.load(trace, ID)).toBeNull();
    const p = warmed();
    store.save(trace, ID, p);
    expect(readdirSync(cacheDir)).toHaveLength(1);
    expect(readdirSync(cacheDir)[0]).toMatch(/^[0-9a-f]{64}\.warm$/);
    expect(store.load(trace, ID)!.exportState()).toEqual(p.exportState());
    expect(store.load({ ...trace }, ID)).toBeNull();
    expect(lines).toEqual([]);
  });

  it('names each input in the identity: trace, cut, compress factor, every parameter, key mapping, code', () => {
    const code = warmCodeFingerprint();
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    const base = warmIdentityText(SHA, ID, code!);
    const variants = [
      warmIdentityText('b'.repeat(64), ID, code!),
      warmIdentityText(SHA, { ...ID, first: 3 }, code!),
      warmIdentityText(SHA, { ...ID, compress: 0.37000000000000005 }, code!),
      warmIdentityText(SHA, { ...ID, params: applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, { decay: '0.98' }) }, code!),
      warmIdentityText(SHA, { ...ID, params: applyPredictorOverrides(DEFAULT_PREDICTOR_PARAMS, { staleAfterMs: 'off' }) }, code!),
      warmIdentityText(SHA, { ...ID, keysProducer: true }, code!),
      warmIdentityText(SHA, { ...ID, sizebins: true }, code!),
      warmIdentityText(SHA, ID, 'c'.repeat(64)),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  it('warns once per bad file, naming it and why, and misses: an edit, a well-hashed impossible state, another warm start', () => {
    const p = warmed();
    store.save(trace, ID, p);
    const file = join(cacheDir, readdirSync(cacheDir)[0]!);
    const good = readFileSync(file);
    const code = warmCodeFingerprint()!;
    const identity = warmIdentityText(SHA, ID, code);
    // A state no predictor reaches (a NaN histogram weight), wrapped with a correct payload hash and identity.
    const state = encodePredictorSnapshot(p);
    new DataView(state.buffer).setFloat64(state.length - 12, Number.NaN, true);
    new DataView(state.buffer).setUint32(state.length - 4, crc32(state, 0, state.length - 4), true);
    const cases: [Uint8Array, RegExp][] = [
      [Buffer.from(good).fill(1, 40, 41), /was not used: payload hash mismatch/],
      [encodeWarmCache(identity, state), /was not used: .*inconsistent state/],
      [encodeWarmCache(warmIdentityText(SHA, { ...ID, first: 1 }, code), encodePredictorSnapshot(p)), /was not used: made for another warm start/],
    ];
    for (const [bytes, reason] of cases) {
      lines.length = 0;
      writeFileSync(file, bytes);
      expect(store.load(trace, ID)).toBeNull();
      expect(lines).toHaveLength(1);
      expect(lines[0]!.startsWith(`${file} was not used: `)).toBe(true);
      expect(lines[0]).toMatch(reason);
    }
  });

  it('warns and goes on when the folder cannot be written', () => {
    const blocker = join(dir, 'blocker');
    writeFileSync(blocker, 'a file where the folder should be');
    const warnings: string[] = [];
    const blocked = diskWarmStore(join(blocker, 'cache'), trace, SHA, (w) => warnings.push(w));
    blocked.save(trace, ID, warmed());
    expect(blocked.load(trace, ID)).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^cannot write the warm-start cache in ${join(blocker, 'cache')} \\(.*\\); the run goes on without it$`));
  });
});

// Gate locks: the lock's path beside the gate, its SHA-256 and provenance, the JSON paths changed since freezing.
import { describe, expect, it } from 'vitest';
import { buildGateLock, changedPaths, lockPathFor, parseGateLock, sha256Hex } from './gate-lock.ts';

describe('gate locks', () => {
  it('names the lock beside the gate file', () => {
    expect(lockPathFor('experiments/gates/x.json')).toBe('experiments/gates/x.lock.json');
    expect(lockPathFor('gate')).toBe('gate.lock.json');
  });

  it('records the SHA-256 of the bytes and provenance', () => {
    // Provenance: sha256 of the empty string (FIPS 180-2 test vector).
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const lock = buildGateLock('x.json', '{}', {}, { toolVersion: '0.1.0', gitCommit: 'abc', frozenAt: '2026-01-01T00:00:00.000Z' });
    expect(lock.gate_sha256).toBe(sha256Hex('{}'));
    expect(parseGateLock(lock, 'x.lock.json').ok).toBe(true);
    expect(parseGateLock({ gate_sha256: 1 }, 'x.lock.json').ok).toBe(false);
  });

  it('lists the JSON paths that changed since freezing', () => {
    const before = { id: 'g', criteria: { m: { limit: -0.15 } }, gate: ['m'] };
    const after = { id: 'g', criteria: { m: { limit: -0.1 } }, gate: ['m', 'n'], extra: true };
    expect(changedPaths(before, after)).toEqual(['criteria.m.limit: -0.15 → -0.1', 'extra: (absent) → true', 'gate[1]: (absent) → "n"']);
    expect(changedPaths(before, structuredClone(before))).toEqual([]);
  });
});

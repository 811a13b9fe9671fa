// Generated traces on disk: made once per spec and seed, reused by name, refused with the flag for a bad option.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { ensureGeneratedTrace, generatedTracePath } from './generated-trace-io.ts';
import type { GeneratorSpec } from '../src/config/generator-spec.ts';

const spec: GeneratorSpec = { kind: 'mmc', options: { n: 200, c: 1, rho: 0.5, meanServiceMs: 10, service: 'exp', sigma: 1, keys: 2 } };

describe('ensureGeneratedTrace', () => {
  it('writes the trace and its meta once, then reuses them; another seed is another trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hsim-gen-'));
    const path = generatedTracePath(dir, spec, 7);
    expect(path).toMatch(/generated\/mmc-s7-[0-9a-f]{16}\.csv$/);
    const sha = await ensureGeneratedTrace(spec, 7, path);
    expect(readFileSync(path, 'utf8').split('\n').filter((l) => l !== '')).toHaveLength(201); // header + 200 rows
    expect((JSON.parse(readFileSync(path.replace(/\.csv$/, '.meta.json'), 'utf8')) as { sha256: string }).sha256).toBe(sha);
    const mtime = statSync(path).mtimeMs;
    expect(await ensureGeneratedTrace(spec, 7, path)).toBe(sha);
    expect(statSync(path).mtimeMs).toBe(mtime);
    expect(await ensureGeneratedTrace(spec, 8, generatedTracePath(dir, spec, 8))).not.toBe(sha);
  });

  it('refuses an out-of-range option with the generator flag, leaving no trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hsim-gen-'));
    const bad: GeneratorSpec = { ...spec, options: { ...spec.options, rho: -1 } };
    const path = generatedTracePath(dir, bad, 1);
    await expect(ensureGeneratedTrace(bad, 1, path)).rejects.toThrow(InputError);
    await expect(ensureGeneratedTrace(bad, 1, path)).rejects.toThrow(/--rho/);
    expect(() => statSync(path)).toThrow();
  });

  it('never names a file outside <dir>/generated, whatever seed or kind a queue job carries', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hsim-gen-'));
    expect(() => generatedTracePath(dir, spec, '1/../../X' as unknown as number)).toThrow(InputError);
    expect(() => generatedTracePath(dir, spec, 1.5)).toThrow(/seed/);
    expect(() => generatedTracePath(dir, { ...spec, kind: '../../etc' }, 1)).toThrow(/kind/);
    expect(generatedTracePath(dir, spec, 4294967295).startsWith(join(dir, 'generated') + '/')).toBe(true);
  });
});

// End-to-end tests of `hsim predictor show` through the real executable: text, JSON, chart files and bad input.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const hsim = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'hsim.js');
const dir = mkdtempSync(join(tmpdir(), 'hsim-predictor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [hsim, ...args], { cwd: dir, env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('hsim predictor show', () => {
  it('shows a warm snapshot as text, as JSON for one key, and writes the chart', () => {
    expect(run('generate', 'serverless', '-o', 'sl.csv', '--n', '4000', '--keys', '12', '--seed', '4').code).toBe(0);
    expect(run('predictor', 'warm', 'sl.csv', '--load', '0.8', '-o', 'w.snap').code).toBe(0);
    const text = run('predictor', 'show', 'w.snap', '--top', '3');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split('\n').filter((l) => /^fn\d+ /.test(l))).toHaveLength(3);
    const json = run('predictor', 'show', 'w.snap', '--json', '--key', 'fn002', '-o', 'chart');
    expect(json.code, json.stderr).toBe(0);
    const parsed = JSON.parse(json.stdout) as { keys: { key: string; gate: string }[]; boundaries_ms: number[] };
    expect(parsed.keys.map((k) => k.key)).toEqual(['fn002']);
    expect(parsed.boundaries_ms).toHaveLength(2);
    expect(existsSync(join(dir, 'chart', 'predictor.svg'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'chart', 'predictor.vl.json'), 'utf8'))).toHaveProperty('vconcat');
  });
  it('exits 2 naming an unknown key, a snapshot of another version and a missing file', () => {
    const key = run('predictor', 'show', 'w.snap', '--key', 'nope');
    expect(key.code).toBe(2);
    expect(key.stderr).toContain('option --key: "nope", which w.snap does not hold');
    const bytes = readFileSync(join(dir, 'w.snap'));
    bytes.writeUInt32LE(99, 8); // the version field follows the 8-byte magic (src/predictor/snapshot.ts)
    writeFileSync(join(dir, 'v99.snap'), bytes);
    const version = run('predictor', 'show', 'v99.snap');
    expect(version.code).toBe(2);
    expect(version.stderr).toContain('v99.snap: found snapshot format version 99; expected version 1');
    const missing = run('predictor', 'show', 'none.snap');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('none.snap: found no such file');
    expect(run('predictor', 'show', 'w.snap', '--top', '0').stderr).toContain('option --top: "0"; expected an integer ≥ 1');
  });
});

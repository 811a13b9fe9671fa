// `hsim convert` as a process: exit codes, --check JSON on stdout, outputs beside -o.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'hsim-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = join(root, 'converters', 'fixtures', 'das2-fs2-sample.swf');
const hsim = (...args: string[]) => spawnSync('node', [join(root, 'bin', 'hsim.js'), 'convert', ...args], { encoding: 'utf8' });

describe('hsim convert (process)', () => {
  it('--check prints the counts as JSON on stdout and writes nothing', () => {
    const out = execFileSync('node', [join(root, 'bin', 'hsim.js'), 'convert', 'swf', fixture, '--preset', 'das2-fs2', '--check'], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ read: 8, kept: 3, rejected: 5, rejected_by_reason: { field_count: 1, not_numeric: 1, run_time_not_positive: 2, submit_time_missing: 1 } });
  });
  it('-o writes trace, meta and rejects; --strict exits 2 and writes nothing; bad options exit 2', () => {
    const ok = hsim('swf', fixture, '--preset', 'das2-fs2', '-o', join(dir, 'a', 'das2.csv.gz'));
    expect(ok.status).toBe(0);
    expect(ok.stderr).toMatch(/3 rows kept of 8 read, 5 rejected/);
    for (const f of ['das2.csv.gz', 'das2.meta.json', 'das2.rejects.jsonl']) expect(existsSync(join(dir, 'a', f))).toBe(true);
    expect(readFileSync(join(dir, 'a', 'das2.rejects.jsonl'), 'utf8').split('\n').filter(Boolean)).toHaveLength(5);
    const strict = hsim('swf', fixture, '--strict', '-o', join(dir, 'b', 'das2.csv'));
    expect(strict.status).toBe(2);
    expect(strict.stderr).toMatch(/das2-fs2-sample\.swf:12: row rejected \(run_time_not_positive\)/);
    expect(existsSync(join(dir, 'b', 'das2.csv'))).toBe(false);
    const bad = hsim('swf', fixture, '--preset', 'nope', '-o', join(dir, 'c.txt'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--preset: "nope"/);
    expect(hsim('swf', join(dir, 'missing.swf'), '--check').status).toBe(2);
  });
  it('writes .csv.gz at level 1 unless told (stated in the meta), level 6 without the field, and refuses other levels', () => {
    const meta = (p: string): Record<string, unknown> => JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;
    expect(meta(join(dir, 'a', 'das2.meta.json')).gzip_level).toBe(1);
    expect(hsim('swf', fixture, '-q', '--gzip-level', '6', '-o', join(dir, 'd', 'six.csv.gz')).status).toBe(0);
    expect(meta(join(dir, 'd', 'six.meta.json'))).not.toHaveProperty('gzip_level');
    const bad = hsim('swf', fixture, '--gzip-level', '10', '-o', join(dir, 'e', 'x.csv.gz'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('option --gzip-level: "10"; expected a zlib level 0–9');
    expect(existsSync(join(dir, 'e'))).toBe(false);
  });
  it('takes --threads 1–64 and refuses other counts before reading anything', () => {
    expect(hsim('swf', fixture, '-q', '--threads', '1', '-o', join(dir, 'f', 'one.csv')).status).toBe(0);
    for (const n of ['0', '65', '2.5', 'many']) {
      const bad = hsim('swf', fixture, '--threads', n, '-o', join(dir, 'g', 'x.csv'));
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain(`option --threads: "${n}"; expected a whole number of threads 1–64`);
    }
    expect(existsSync(join(dir, 'g'))).toBe(false);
  });
});

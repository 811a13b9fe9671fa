// End-to-end through the real executable: simulate's typed outputs and `hsim export`, their exit codes and files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { duckdbQuery } from '../../src/io/table-readers-for-tests.ts';

const hsim = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'hsim.js');
const dir = mkdtempSync(join(tmpdir(), 'hsim-export-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [hsim, ...args], { cwd: dir, env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const rows = Array.from({ length: 60 }, (_, i) => `${i * 3},${1 + ((i * 7) % 11)},${['a', 'b', 'c'][i % 3]}`);
writeFileSync(join(dir, 't.csv'), `arrival_ms,duration_ms,key\n${rows.join('\n')}\n`);
const sim = ['simulate', 't.csv', '--arm', 'fifo', '--arm', 'predictive', '--load', '0.5', '--workers', '1', '--windows', '2'];

describe('simulate --messages .parquet, --by-key-out, --series-out; hsim export', () => {
  it('writes the typed files beside a result whose by_key equals the per-key table', async () => {
    const r = run(...sim, '--messages', 'm.parquet', '--by-key-out', 'k.arrow', '--series', '5', '--series-out', 's.csv', '-o', 'res/r.json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/wrote k\.arrow \(6 rows\)/);
    expect(r.stderr).toMatch(/wrote s\.csv \(30 rows\)/);
    const result = JSON.parse(readFileSync(join(dir, 'res', 'r.json'), 'utf8')) as { results: Record<string, { arms: Record<string, { by_key: Record<string, { count: number }> }> }> };
    expect(result.results['0.5']!.arms['fifo']!.by_key['a']!.count).toBeGreaterThan(0); // --by-key-out implies --by-key
    const counts = await duckdbQuery(`SELECT arm, count(*) AS n FROM read_parquet('${join(dir, 'm.parquet')}') GROUP BY arm ORDER BY arm`);
    expect(counts.map((c) => [c['arm'], Number(c['n'])])).toEqual([['fifo', 30], ['predictive', 30]]);
  });

  it('export writes the folder as a table; bad names and inputs are exit 2 with nothing written', async () => {
    const r = run('export', 'res', '-o', 'all.parquet');
    expect(r.code, r.stderr).toBe(0);
    const n = await duckdbQuery(`SELECT count(*) AS n, count(DISTINCT arm) AS arms FROM read_parquet('${join(dir, 'all.parquet')}') WHERE "window" = 'all'`);
    expect([Number(n[0]!['n']), Number(n[0]!['arms'])]).toEqual([2 * 15, 2]);
    const bad = run('export', 'res', '-o', 'all.xlsx');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/option -o: "all\.xlsx"; expected a file name ending \.parquet, \.arrow or \.csv/);
    expect(run('export', 'nowhere', '-o', 'x.parquet').code).toBe(2);
    expect(existsSync(join(dir, 'x.parquet'))).toBe(false);
  });

  it('simulate refuses --series-out without --series and a table output of another kind (exit 2, no result)', () => {
    const r = run(...sim, '--series-out', 's.parquet', '--by-key-out', 'k.json', '-o', 'no.json');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/option --series-out: s\.parquet without --series/);
    expect(r.stderr).toMatch(/option --by-key-out: "k\.json"; expected a file name ending \.parquet, \.arrow or \.csv/);
    expect(existsSync(join(dir, 'no.json'))).toBe(false);
  });
});

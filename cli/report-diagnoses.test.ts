// Tests of the report's diagnoses: one per trace of a results folder, at the results' options, or why not.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { diagnoseResultTraces } from './report-diagnoses.ts';

const hsim = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'hsim.js');
const dir = mkdtempSync(join(tmpdir(), 'hsim-report-diag-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): { code: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [hsim, ...args], { cwd: dir, env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') }, encoding: 'utf8' });
  return { code: r.status, stderr: r.stderr };
}

describe('diagnoseResultTraces', () => {
  it('diagnoses each trace once, at 0.8 when simulated, with the results workers and split', async () => {
    const trace = join(dir, 'sl.csv');
    expect(run('generate', 'serverless', '-o', trace, '--n', '3000', '--keys', '10', '--seed', '5').code).toBe(0);
    const r1 = run('simulate', trace, '--arm', 'fifo', '--load', '0.5,0.8', '--workers', '8', '--split', 'count', '-o', join(dir, 'res', 'a.json'), '--quiet');
    expect(r1.code, r1.stderr).toBe(0);
    expect(run('simulate', trace, '--arm', 'oracle', '--load', '0.5', '--workers', '8', '--split', 'count', '-o', join(dir, 'res', 'b.json'), '--quiet').code).toBe(0);
    const entries = await diagnoseResultTraces(join(dir, 'res'));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.diagnosis).toMatchObject({ load: '0.8', workers: 8, arm: 'predictive', trace: { history_rows: 1500 } });
  });
  it('says why when the trace file is gone, and skips what is not a result file', async () => {
    writeFileSync(join(dir, 'res', 'c.json'), JSON.stringify({ trace: { path: join(dir, 'gone.csv'), sha256: 'ff' }, options: { split: 'time' } }));
    writeFileSync(join(dir, 'res', 'd.json'), '{ not json');
    const entries = await diagnoseResultTraces(join(dir, 'res'));
    expect(entries.map((e) => e.missing)).toEqual([null, `the trace file ${join(dir, 'gone.csv')} recorded in the results is not there`]);
    expect(await diagnoseResultTraces(join(dir, 'nope'))).toEqual([]);
  });
});

// `hsim report` through the real CLI: output paths, warnings on stderr, exit 2 on an empty folder, --help.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureResultFile } from '../../reports/fixtures/report-fixture.ts';
import { repositoryRoot } from '../../src/io/provenance-io.ts';

const root = repositoryRoot();
const dir = mkdtempSync(join(tmpdir(), 'hsim-report-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function hsim(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'hsim.js'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('hsim report', () => {
  it('writes the report, prints index.html on stdout and warns on stderr about charts it cannot draw', () => {
    const results = join(dir, 'results');
    mkdirSync(results);
    writeFileSync(join(results, 'shop.json'), JSON.stringify(fixtureResultFile()));
    const r = hsim('report', results, '-o', join(dir, 'out'), '--no-png', '--gates-dir', join(dir, 'no-gates'));
    expect(r.stderr).toContain('not drawn: needs a sweep output');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${join(dir, 'out', 'index.html')}\n`);
    expect(existsSync(join(dir, 'out', 'report.md'))).toBe(true);
  });

  it('exits 2 with a clear message on an empty folder, and needs -o', () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const r = hsim('report', empty, '-o', join(dir, 'out2'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${empty}: no result files (docs/result-file.md) or sweep outputs found`);
    expect(hsim('report', empty).code).toBe(2);
  });

  it('has --help with an example', () => {
    const r = hsim('report', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Example:');
  });
});

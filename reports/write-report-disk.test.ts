// A results folder is untrusted: names that slug alike, hostile names, empty names and named pipes in it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureResultFile } from './fixtures/report-fixture.ts';
import { writeReport } from './write-report-io.ts';

const root = mkdtempSync(join(tmpdir(), 'hsim-report-disk-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The fixture result of `arms`, as if simulated on trace file `path` with SHA-256 `sha` (one hex digit, repeated). */
function resultOf(path: string, sha: string, arms: readonly string[] = ['fifo', 'predictive']): Record<string, unknown> {
  const r = fixtureResultFile(arms) as { trace: Record<string, unknown> };
  return { ...r, trace: { ...r.trace, path, sha256: sha.repeat(64) } };
}

function folder(name: string, files: Record<string, unknown>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [f, content] of Object.entries(files)) writeFileSync(join(dir, f), JSON.stringify(content));
  return dir;
}

const noGates = join(root, 'no-gates');

describe('writeReport on an untrusted results folder', () => {
  it('gives two traces whose names slug alike their own tables and charts (-2 by sorted name), both counted', async () => {
    // "a b" < "a-b" by code unit, whatever order the files are read in (z.json, the "a b" trace, is read last).
    const results = folder('alike', { 'm.json': resultOf('t/a-b.csv', 'b', ['fifo', 'oracle']), 'z.json': resultOf('t/a b.csv', 'a') });
    const out = join(root, 'alike-out');
    const w = await writeReport(results, out, { gatesDir: noGates, png: false, tables: ['csv'] });
    const metrics = (names: readonly string[]): string[] => names.filter((n) => n.includes('metrics-')).sort();
    expect(metrics(w.tableFiles.map((f) => f.slice(out.length + 1)))).toEqual(['tables/metrics-a-b-2.csv', 'tables/metrics-a-b.csv']);
    expect(metrics(readdirSync(join(out, 'tables')))).toEqual(['metrics-a-b-2.csv', 'metrics-a-b.csv']);
    expect(readFileSync(join(out, 'tables', 'metrics-a-b.csv'), 'utf8')).toContain(',predictive,');
    expect(readFileSync(join(out, 'tables', 'metrics-a-b-2.csv'), 'utf8')).toContain(',oracle,');
    expect(w.drawn).toContain('windows-a-b');
    expect(w.drawn).toContain('windows-a-b-2');
    expect(readFileSync(join(out, 'charts', 'windows-a-b.vl.json'), 'utf8')).toContain('"predictive"');
    expect(readFileSync(join(out, 'charts', 'windows-a-b-2.vl.json'), 'utf8')).toContain('"oracle"');
  });

  it('names a trace whose file name has no letters (!!!.csv) or is only an extension (.csv) deterministically', async () => {
    const results = folder('empty-names', { 'p.json': resultOf('t/!!!.csv', 'c'), 'q.json': resultOf('t/.csv', 'd') });
    const out = join(root, 'empty-names-out');
    const w = await writeReport(results, out, { gatesDir: noGates, png: false, tables: ['csv'] });
    // Names "!!!" and "trace"; sorted "!!!" < "trace", so "!!!" keeps the plain slug and the other gets -2.
    expect(readdirSync(join(out, 'tables')).filter((n) => n.startsWith('metrics-')).sort()).toEqual(['metrics-trace-2.csv', 'metrics-trace.csv']);
    expect(w.drawn).toEqual(expect.arrayContaining(['windows-trace', 'windows-trace-2']));
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toContain('**!!!** (loads');
    expect(md).toContain('**trace** (loads');
  });

  it('escapes HTML and Markdown links of trace and arm names in report.md; index.html escapes them too', async () => {
    const trace = 'x<img src=x onerror=alert(1)>.csv';
    const arm = 'fifo@[x](javascript:alert(2))';
    const results = folder('hostile', { 'h.json': resultOf(`t/${trace}`, 'e', ['fifo', arm]) });
    const out = join(root, 'hostile-out');
    const w = await writeReport(results, out, { gatesDir: noGates, png: false });
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).not.toMatch(/<img/);
    expect(md).not.toMatch(/[^\\]\]\(javascript/); // only the escaped `\](`, which is no link
    expect(md).toContain('**x&lt;img src=x onerror=alert(1)>**');
    // Without PNGs a chart is shown from its SVG under its heading; title and alt text are escaped alike.
    expect(md).toContain('### Mean latency by window: x&lt;img src=x onerror=alert(1)>\n');
    expect(md).toContain('![Mean latency by window: x&lt;img src=x onerror=alert(1)>](charts/');
    expect(md).toContain('fifo@[x\\](javascript:alert(2))');
    const html = readFileSync(w.indexHtml, 'utf8');
    expect(html).not.toMatch(/<img src=x/);
    expect(html).toContain('x&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('hsim report with a named pipe in the results or gates folder', () => {
  it('skips the pipe with a warning naming it instead of waiting forever (the CLI is killed after 120 s if it hangs)', () => {
    const results = folder('fifo', { 'shop.json': resultOf('t/shop.csv', 'f') });
    const gates = join(root, 'fifo-gates');
    mkdirSync(gates);
    expect(spawnSync('mkfifo', [join(results, 'pipe.json')]).status).toBe(0);
    expect(spawnSync('mkfifo', [join(gates, 'gate.json')]).status).toBe(0);
    const hsim = resolve(import.meta.dirname, '..', 'bin', 'hsim.js');
    const r = spawnSync(process.execPath, [hsim, 'report', results, '-o', join(root, 'fifo-out'), '--no-png', '--gates-dir', gates], { encoding: 'utf8', timeout: 120_000 });
    expect(r.signal, 'report hung on the named pipe').toBeNull();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${join(results, 'pipe.json')}: is a named pipe (FIFO), not a regular file, so it is not read`);
    expect(r.stderr).toContain(`gate.json: is a named pipe (FIFO), not a regular file, so it is not read`);
  }, 180_000);
});

// writeReport end to end on disk: the full fixture, bad folders (exit 2), partial results, gate registration states.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freezeGate } from '../analysis/gate-io.ts';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { fixtureResultFile, fixtureSweepFile } from './fixtures/report-fixture.ts';
import { fixtureGate } from './golden-specs.ts';
import { writeReport } from './write-report-io.ts';

const root = mkdtempSync(join(tmpdir(), 'hsim-report-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function folder(name: string, files: Record<string, unknown>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [f, content] of Object.entries(files)) writeFileSync(join(dir, f), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

function gatesDir(name: string, gates: Record<string, unknown>): string {
  return folder(name, gates);
}

describe('writeReport', () => {
  it('draws every chart from the full fixture and a sweep, with gate tables and provenance', async () => {
    const results = folder('full', { 'shop.json': fixtureResultFile(), 'sweep.json': fixtureSweepFile() });
    const gates = gatesDir('gates-full', { 'fixture.sim.json': fixtureGate() });
    const out = join(root, 'full-out');
    const w = await writeReport(results, out, { gatesDir: gates, tables: ['csv', 'latex'] });
    expect(w.notDrawn).toEqual([]);
    expect(w.tableFiles.map((f) => f.slice(out.length + 1))).toEqual(['gate-fixture-gate-shop', 'metrics-shop', 'whole-run', 'sweep-predictor-one-at-a-time', 'provenance'].flatMap((id) => [`tables/${id}.csv`, `tables/${id}.tex`]));
    expect(readFileSync(join(out, 'tables', 'metrics-shop.tex'), 'utf8')).toContain('\\toprule');
    expect(w.drawn).toEqual(['forest', 'load-shop', 'windows-shop', 'labels-shop', 'cdf-shop', 'outcomes-shop', 'sensitivity-predictor-one-at-a-time', 'effects-predictor-one-at-a-time', 'wait-ratio']);
    expect(w.warnings).toEqual([]);
    const html = readFileSync(w.indexHtml, 'utf8');
    expect(html).not.toMatch(/<script|<link|\ssrc=/);
    expect(html).toContain('fixture-gate on shop');
    expect(html).toContain('not pre-registered');
    expect(html).toContain('f'.repeat(64));
    expect(html).toContain('c'.repeat(64));
    for (const id of w.drawn) {
      for (const ext of ['png', 'svg', 'vl.json']) expect(existsSync(join(out, 'charts', `${id}.${ext}`)), `${id}.${ext}`).toBe(true);
    }
    const png = readFileSync(join(out, 'charts', 'forest.png'));
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toContain('![Gate forest plot: mean latency vs FIFO](charts/forest.png)');
    expect(md).toContain('| mean_vs_fifo | primary | mean_latency_ms Δ ≤ -0.15 and upper < 0 | −30.0 % [−30.0 %, −30.0 %]');
  });

  it('refuses an empty folder and a foreign one with exit 2 and a message naming what is missing', async () => {
    const empty = folder('empty', {});
    await expect(writeReport(empty, join(root, 'o1'), { gatesDir: join(root, 'none') })).rejects.toThrow(/no result files \(docs\/result-file\.md\) or sweep outputs found/);
    const foreign = folder('foreign', { 'package.json': { name: 'x' }, 'broken.json': '{ not json' });
    const err = await writeReport(foreign, join(root, 'o2'), { gatesDir: join(root, 'none') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).exitCode).toBe(2);
    expect((err as InputError).message).toContain('broken.json: skipped: not readable as JSON');
    await expect(writeReport(join(root, 'absent'), join(root, 'o3'))).rejects.toThrow(/not found or not a folder/);
  });

  it('draws what it can from results without FIFO and names what the others need', async () => {
    // Without latency CDFs too: one note names the option that adds them.
    const results = folder('no-fifo', { 'p.json': withoutCdf(fixtureResultFile(['predictive'])) });
    const progress: string[] = [];
    const w = await writeReport(results, join(root, 'no-fifo-out'), { gatesDir: join(root, 'none'), png: false, onProgress: (d, t, id) => progress.push(`${d}/${t} ${id}`) });
    expect(progress).toEqual(['1/4 load-shop', '2/4 tiers-shop', '3/4 outcomes-shop', '4/4 wait-ratio']);
    // Without FIFO there is no class ordering, so who pays is shown by duration tier.
    expect(w.drawn).toEqual(['load-shop', 'tiers-shop', 'outcomes-shop', 'wait-ratio']);
    expect(w.notDrawn).toEqual(['forest', 'windows-shop', 'cdf', 'sensitivity']);
    expect(w.warnings.join('\n')).toContain('chart "Mean latency by window: shop" not drawn: needs arm fifo with per-window mean_latency_ms (found arms: predictive)');
    expect(w.warnings.filter((x) => x.includes('latency_cdf'))).toEqual(['chart "Latency CDF: shop" not drawn: needs latency_cdf in the results: run simulate --latency-cdf (or "latency_cdf": true in an experiment or sweep file)']);
    expect(readFileSync(w.indexHtml, 'utf8')).toContain('not drawn: needs a sweep output');
  });

  it('with png: false says the PNGs were skipped on request, shows the SVGs and never claims rendering failed', async () => {
    const results = folder('no-png', { 'shop.json': fixtureResultFile() });
    const w = await writeReport(results, join(root, 'no-png-out'), { gatesDir: join(root, 'none'), png: false });
    const md = readFileSync(join(root, 'no-png-out', 'report.md'), 'utf8');
    expect(w.drawn.length).toBeGreaterThan(3);
    expect(md).toContain(msg.reportPngsSkipped());
    expect(md).not.toContain('rendering failed');
    for (const id of w.drawn) {
      expect(md).toContain(`](charts/${id}.svg)`);
      expect(existsSync(join(root, 'no-png-out', 'charts', `${id}.png`)), `${id}.png`).toBe(false);
    }
    expect(md).not.toContain('.png)');
    expect(readFileSync(w.indexHtml, 'utf8')).not.toContain('.png"');
  });

  it('refuses results from which no chart can be drawn (only the closed form would remain)', async () => {
    // One load (no load curve) and no tier metrics (no who-pays chart): nothing but the closed form is left.
    const json = withoutCdf(fixtureResultFile(['shadow-arm'])) as { results: Record<string, { arms: Record<string, { all: Record<string, number> }> }>; options: { loads: string[] } };
    delete json.results['0.8'];
    json.options.loads = ['0.5'];
    const all = json.results['0.5']!.arms['shadow-arm']!.all;
    for (const k of Object.keys(all)) if (/^(short|medium|long)_(p50|mean)_ms$/.test(k)) (all as Record<string, number | null>)[k] = null; // not available
    const results = folder('useless', { 'u.json': json });
    await expect(writeReport(results, join(root, 'useless-out'), { gatesDir: join(root, 'none') })).rejects.toThrow(/no chart can be drawn from these results/);
  });

  it('marks frozen gates pre-registered, skips gates changed after freezing and gates that do not fit', async () => {
    const results = folder('gates', { 'shop.json': fixtureResultFile() });
    const gates = gatesDir('gates-states', {
      'frozen.sim.json': { ...(fixtureGate() as object), id: 'frozen' },
      'edited.sim.json': { ...(fixtureGate() as object), id: 'edited' },
      'replay.json': { ...(fixtureGate() as object), id: 'replay-28', windows: 28 },
    });
    const prov = { toolVersion: '0.1.0', gitCommit: 'test', frozenAt: '2026-01-01T00:00:00Z' };
    freezeGate(join(gates, 'frozen.sim.json'), prov);
    freezeGate(join(gates, 'edited.sim.json'), prov);
    writeFileSync(join(gates, 'edited.sim.json'), JSON.stringify({ ...(fixtureGate() as object), id: 'edited', windows: 6 }));
    const w = await writeReport(results, join(root, 'gates-out'), { gatesDir: gates, png: false });
    const html = readFileSync(w.indexHtml, 'utf8');
    expect(html).toMatch(/frozen on shop <span class="badge pre">pre-registered<\/span>/);
    expect(html).not.toContain('edited on shop');
    expect(html).toContain('changed since it was frozen');
    expect(html).toContain('windows: 7 → 6');
    expect(html).toContain('gate replay-28 does not fit shop: load 0.5: 7 windows, the gate pre-registers 28');
  });
});

/** The result file without its arms' `latency_cdf` (as written without --latency-cdf). */
function withoutCdf(json: Record<string, unknown>): Record<string, unknown> {
  for (const load of Object.values(json['results'] as Record<string, { arms: Record<string, Record<string, unknown>> }>)) {
    for (const arm of Object.values(load.arms)) delete arm['latency_cdf'];
  }
  return json;
}

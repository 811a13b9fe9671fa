// `report --tables csv,latex` on results with nasty names: every page table exported, every .tex compiles with pdflatex.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_SHA, fixtureReplicatedResultFile, fixtureResultFile, fixtureSweepFile } from './fixtures/report-fixture.ts';
import type { TraceDiagnosisEntry } from './trace-section.ts';
import { writeReport, type ReportWritten } from './write-report-io.ts';

/** Arm, criterion and trace names with every LaTeX special character (and a name long enough to be abbreviated). */
const NASTY = 'a_b#1&$%';
const LONG = 'predictive+weights=4,2,1+pausing~^{x}\\[y]*';
const root = mkdtempSync(join(tmpdir(), 'hsim-tables-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Json = Record<string, unknown> & { results: Record<string, { arms: Record<string, unknown> }>; trace: Record<string, unknown> };

/** The fixture with predictive+weights+pausing renamed NASTY, predictive renamed LONG and an srpt arm (FIFO × 0.1). */
function nastyResults(): Json {
  const json = fixtureResultFile() as Json;
  json.trace['path'] = `fixture/${NASTY}~^{t}.csv`;
  for (const load of Object.values(json.results)) {
    const arms = load.arms;
    arms[NASTY] = arms['predictive+weights+pausing'];
    arms[LONG] = arms['predictive'];
    delete arms['predictive+weights+pausing'];
    delete arms['predictive'];
  }
  const srpt = fixtureResultFile(['fifo']) as Json;
  for (const [load, l] of Object.entries(srpt.results)) json.results[load]!.arms['srpt'] = scaled(l.arms['fifo'], 0.1);
  return json;
}

/** Every number of a result object times f (latencies shrink; counts too, which no table checks here). */
function scaled(x: unknown, f: number): unknown {
  if (typeof x === 'number') return x * f;
  if (Array.isArray(x)) return x.map((v) => scaled(v, f));
  if (x !== null && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, k === 'q' ? v : scaled(v, f)]));
  return x;
}

/** The replicated fixture with its arm renamed NASTY (keys `a_b#1&$%#sSEED`). */
function nastyReplicated(): Json {
  const json = fixtureReplicatedResultFile() as Json;
  const arms = json.results['0.8']!.arms;
  for (const key of Object.keys(arms)) {
    if (!key.startsWith('predictive+weights+pausing#')) continue;
    arms[key.replace('predictive+weights+pausing', NASTY)] = arms[key];
    delete arms[key];
  }
  return json;
}

const gate = {
  id: 'g_1&#%',
  bootstrap: { method: 'iid', samples: 200, seed: 2026, confidence: 0.95 },
  windows: 7,
  criteria: {
    'm_{x}&#%': { arm: NASTY, baseline: 'fifo', metric: 'mean_latency_ms', kind: 'relative_delta', limit: -0.15, role: 'primary' },
    'p99~^$': { arm: NASTY, baseline: 'fifo', metric: 'p99_latency_ms', kind: 'ratio', limit: 2, role: 'guardrail' },
  },
  gate: ['m_{x}&#%', 'p99~^$'],
};

const diagnosis: TraceDiagnosisEntry = {
  sha256: FIXTURE_SHA,
  missing: null,
  diagnosis: {
    arm: NASTY, load: '0.8',
    predictability: {
      global_median: { n: 900, median_abs_log2_error: 1.5, within_2x: 0.4, tier_accuracy: 0.5 },
      per_key_median: { n: 900, median_abs_log2_error: 0.5, within_2x: 0.8, tier_accuracy: 0.7 },
      predictor: { n: 900, median_abs_log2_error: 0.6, within_2x: 0.75, tier_accuracy: 0.68, coverage: 0.9 },
    },
    keys: { count: 12, in_history_share: 0.9, stale_share: 0.1, stale_after_ms: 1_800_000 },
    time_scale: { tie_share: 0.2, above_aging_share: 0.3, duration_ms: { p50: 100, p99: 5000 } },
    warnings: [],
  },
};

let written: Promise<{ out: string; w: ReportWritten }> | null = null;
/** The report of the nasty fixtures (single run, replications of the same trace, a sweep), written once. */
function report(): Promise<{ out: string; w: ReportWritten }> {
  written ??= (async () => {
    const results = join(root, 'results');
    const gates = join(root, 'gates');
    mkdirSync(results, { recursive: true });
    mkdirSync(gates, { recursive: true });
    writeFileSync(join(results, 'single.json'), JSON.stringify(nastyResults()));
    writeFileSync(join(results, 'reps.json'), JSON.stringify({ ...nastyReplicated(), trace: nastyResults().trace }));
    writeFileSync(join(results, 'sweep.json'), JSON.stringify(fixtureSweepFile()));
    writeFileSync(join(gates, 'g.json'), JSON.stringify(gate));
    const out = join(root, 'out');
    const w = await writeReport(results, out, { gatesDir: gates, png: false, tables: ['csv', 'latex'], diagnoses: [diagnosis] });
    return { out, w };
  })();
  return written;
}

describe('report --tables csv,latex', () => {
  it('exports every table index.html shows, each as CSV and .tex, and no other', async () => {
    const { out, w } = await report();
    const html = readFileSync(w.indexHtml, 'utf8');
    const tags = html.match(/<table[^>]*>/g) ?? [];
    // Arm key, traces ×2, gates (single run at 2 loads, replications at 1), metrics ×2, whole run, distance, sweep, provenance.
    expect(tags.length).toBe(12);
    const ids = new Set(tags.map((t) => /data-table="([^"]+)"/.exec(t)?.[1] ?? `(no data-table: ${t})`));
    const files = readdirSync(join(out, 'tables')).sort();
    expect(files).toEqual([...ids].flatMap((id) => [`${id}.csv`, `${id}.tex`]).sort());
    expect([...ids].sort()).toEqual([
      'arm-key', 'distance-to-ideal', 'gate-g-1-a-b-1-t', 'gate-g-1-a-b-1-t-replicated', 'metrics-a-b-1-t', 'metrics-a-b-1-t-replicated',
      'provenance', 'sweep-predictor-one-at-a-time', 'trace-a-b-1-t', 'trace-a-b-1-t-replicated', 'whole-run',
    ].sort());
  });

  it('writes CSV headers with units and the replicated metrics with intervals over seeds', async () => {
    const { out } = await report();
    const csv = (id: string): string[] => readFileSync(join(out, 'tables', `${id}.csv`), 'utf8').trimEnd().split('\n');
    const metrics = csv('metrics-a-b-1-t-replicated');
    expect(metrics[0]).toBe('load,arm,messages,mean_latency_s,p50_latency_s,p99_latency_s,change_pct,window_change_pct,seeds,mean_latency_low_s,mean_latency_high_s,change_low_pct,change_high_pct');
    // fixtures/report-fixture.ts: seeds at 0.7, 0.8, 0.9 × FIFO's 8000 ms: mean 6.40 s, change −20 %; t(0.975, 2) =
    // 4.302653: mean ± 4.302653 · 0.8 s / √3 = [4.41, 8.39] s, change ± 24.8 points = [−44.8, 4.8] %.
    expect(metrics[2]).toBe('0.8,a_b#1&$% (mean of 3 seeds),910,6.40,3.84,32.0,-20.0,-20.0,3,4.41,8.39,-44.8,4.8');
    expect(csv('whole-run')[0]).toBe('trace,load,arm,window_change_pct,whole_run_change_pct,difference_pp');
    expect(csv('distance-to-ideal')[0]).toBe('trace,load,arm,mean_latency_ms,ratio_to_srpt,gap_closed_pct');
    // FIFO 4000 ms at 0.5, srpt 0.1 × FIFO: 10.00 × SRPT; the nasty arm at 0.7 × FIFO closes (4000 − 2800)/(4000 − 400).
    expect(csv('distance-to-ideal')).toContain('a_b#1&$%~^{t},0.5,a_b#1&$%,2800,7.00,33.3');
    expect(csv('gate-g-1-a-b-1-t-replicated')[0]).toBe('load,criterion,role,bar,unit,estimate,low,high,margin,whole_run,replications,verdict');
  });

  const pdflatex = spawnSync('pdflatex', ['--version'], { encoding: 'utf8' }).status === 0;
  it.skipIf(!pdflatex)('compiles every .tex with pdflatex in a minimal document with booktabs', async () => {
    const { out } = await report();
    const dir = join(out, 'tables');
    const tex = readdirSync(dir).filter((f) => f.endsWith('.tex'));
    expect(tex.length).toBeGreaterThanOrEqual(10);
    const failures: string[] = [];
    for (const f of tex) {
      const doc = `doc-${f}`;
      writeFileSync(join(dir, doc), `\\documentclass{article}\n\\usepackage{booktabs}\n\\begin{document}\n\\input{${f}}\n\\end{document}\n`);
      const r = spawnSync('pdflatex', ['-halt-on-error', '-interaction=nonstopmode', doc], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
      if (r.status !== 0) failures.push(`${f}: exit ${r.status}\n${(r.stdout ?? '').split('\n').filter((l) => l.startsWith('!') || l.startsWith('l.')).join('\n')}`);
    }
    expect(failures).toEqual([]);
    // The special characters reach the PDF's source escaped, never raw.
    const gateTex = readFileSync(join(dir, 'gate-g-1-a-b-1-t.tex'), 'utf8');
    expect(gateTex).toContain('m\\_\\{x\\}\\&\\#\\%');
  }, 180_000);
  if (!pdflatex) it('skips the LaTeX compile: pdflatex not found (Debian: apt-get install texlive-latex-base texlive-latex-recommended)', () => expect(pdflatex).toBe(false));
});

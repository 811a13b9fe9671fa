// `writeReport`: reads a results folder, evaluates the gates that fit, renders every chart and writes the report folder.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { CriterionKind } from '../analysis/criterion.ts';
import { readGateFile } from '../analysis/gate-io.ts';
import { fileURLToPath } from 'node:url';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { writeFileAtomic } from '../src/io/atomic-io.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { fitAndEvaluateGate, type GateEvaluation, type ReportGate } from './gate-fit.ts';
import { listGateFiles, readReportGate, readResultsFolder, readSweepInto } from './report-inputs-io.ts';
import { reportHtml } from './report-html.ts';
import { reportMarkdown } from './report-markdown.ts';
import { buildReportModel, type ReportModel } from './report-model.ts';
import { prefixSvgIds, renderSvg, svgToPng } from './render-chart.ts';
import { tableToCsv, tableToLatex, type TableFormat } from './table-export.ts';
import { paperTableColumns } from './table-columns.ts';
import { writeTableFile } from '../src/io/table-file-io.ts';
import { groupByTrace } from './trace-results.ts';
import type { SweepFile } from '../src/config/sweep-output.ts';
import type { TraceDiagnosisEntry } from './trace-section.ts';

/** Options of `writeReport`. */
export interface ReportOptions {
  /** Gate files to evaluate instead of scanning `gatesDir` (repeatable --gate). */
  readonly gates?: readonly string[];
  /** Folder scanned for gate files when `gates` is not given; default `experiments/gates` of this checkout. */
  readonly gatesDir?: string;
  /** Sweep outputs to chart besides any sweep.json found in the results folder. */
  readonly sweeps?: readonly string[];
  /** The page title; default `hsim report: <results folder>`. */
  readonly title?: string;
  /** Also write PNGs (default true). */
  readonly png?: boolean;
  /** Also write every table the pages show as `tables/<id>.csv` and/or `tables/<id>.tex` (LaTeX booktabs); default none. */
  readonly tables?: readonly TableFormat[];
  /** Called before each chart is rendered (1-based `done` of `total`), for a progress line on a terminal. */
  readonly onProgress?: (done: number, total: number, chart: string) => void;
  /** `traces diagnose` results of the traces, for the trace sections. */
  readonly diagnoses?: readonly TraceDiagnosisEntry[];
}

/** What `writeReport` did: the path of index.html, every warning, and the charts drawn and not drawn. */
export interface ReportWritten {
  readonly indexHtml: string;
  readonly warnings: readonly string[];
  readonly drawn: readonly string[];
  readonly notDrawn: readonly string[];
  /** The table files written (`--tables`), paths in write order. */
  readonly tableFiles: readonly string[];
}

/** The default gates folder: `experiments/gates` beside this checkout's `reports/`. */
export const DEFAULT_GATES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'experiments', 'gates');

/**
 * Writes `<outDir>/index.html` (self-contained), `report.md` and `charts/<id>.{svg,png,vl.json}` from the results
 * in `resultsDir` (and sweeps), with every gate that fits. Files are written atomically. Throws InputError (exit 2)
 * when the folder is unreadable or nothing at all can be drawn from it, naming what is missing; otherwise returns
 * the warnings (skipped files, charts not drawn and why). Cost: about 0.1–0.5 s per chart.
 */
export async function writeReport(resultsDir: string, outDir: string, options: ReportOptions = {}): Promise<ReportWritten> {
  const contents = readResultsFolder(resultsDir);
  for (const s of options.sweeps ?? []) readSweepInto(s, contents);
  const warnings = [...contents.issues];
  const { traces, issues } = groupByTrace(contents.sources);
  warnings.push(...issues);

  const evaluations: GateEvaluation[] = [];
  const gateNotes: string[] = [];
  const explicit = options.gates !== undefined && options.gates.length > 0;
  const gatePaths = explicit ? [...options.gates!] : listGateFiles(options.gatesDir ?? DEFAULT_GATES_DIR);
  const gates: ReportGate[] = [];
  for (const path of gatePaths.map(displayPath)) {
    const g = readReportGate(path, explicit);
    if ('problem' in g) {
      gateNotes.push(g.problem);
      warnings.push(`gate not evaluated: ${g.problem}`);
    } else gates.push(g);
  }
  for (const gate of gates) {
    let fitted = false;
    for (const trace of traces) {
      const ev = fitAndEvaluateGate(gate, trace);
      if ('reason' in ev) {
        gateNotes.push(ev.reason);
        continue;
      }
      fitted = true;
      evaluations.push(ev);
    }
    if (!fitted && gate.explicit) warnings.push(`gate ${gate.path} fits none of the results (see the gates section)`);
  }

  const criterionKinds = sweepCriterionKinds(contents.sweeps, gates);
  const model = buildReportModel({ title: options.title ?? `hsim report: ${resultsDir}`, traces, evaluations, gateNotes, sweeps: contents.sweeps, warnings, diagnoses: options.diagnoses ?? [], criterionKinds });
  const drawnFromResults = model.charts.some((c) => c.fromResults && c.spec !== null);
  if (!drawnFromResults) {
    const what = contents.sources.length === 0 && contents.sweeps.length === 0
      ? msg.reportNoResults(resultsDir)
      : msg.reportNoChart(resultsDir);
    throw new InputError(msg.nothingToReport(what), [what, ...model.warnings]);
  }
  const written = await renderAndWrite(model, outDir, options.png ?? true, options.onProgress);
  const tableFiles: string[] = [];
  if (options.tables !== undefined && options.tables.length > 0) {
    const tablesDir = join(outDir, 'tables');
    mkdirSync(tablesDir, { recursive: true });
    for (const t of model.tables) {
      for (const format of options.tables) {
        const file = join(tablesDir, `${t.id}.${format === 'latex' ? 'tex' : format}`);
        if (format === 'parquet' || format === 'arrow') writeTableFile(file, paperTableColumns(t));
        else writeFileAtomic(file, format === 'csv' ? tableToCsv(t) : tableToLatex(t));
        tableFiles.push(file);
      }
    }
    // As with charts: a table of an earlier run that this run did not write would look current.
    const written = new Set(tableFiles.map((f) => basename(f)));
    for (const f of readdirSync(tablesDir)) {
      if (/\.(csv|tex|parquet|arrow)$/.test(f) && !written.has(f)) rmSync(join(tablesDir, f));
    }
  }
  return { ...written, tableFiles };
}

/**
 * The criterion kinds of each gate a sweep names (by the name the sweep records), from the gates already read or,
 * for a gate outside the gates folder, from its file; a gate that cannot be read is left out (its effect chart then
 * stays in the criterion's units).
 */
function sweepCriterionKinds(sweeps: readonly SweepFile[], gates: readonly ReportGate[]): Map<string, Map<string, CriterionKind>> {
  const out = new Map<string, Map<string, CriterionKind>>();
  for (const name of new Set(sweeps.flatMap((s) => s.gates.map((g) => g.gate)))) {
    if (name === null) continue;
    let criteria = gates.find((g) => resolve(g.path) === resolve(name))?.gate.criteria;
    if (criteria === undefined) {
      try {
        criteria = readGateFile(name).gate.criteria;
      } catch (err) {
        if (err instanceof InputError) continue;
        throw err;
      }
    }
    out.set(name, new Map(Object.entries(criteria).map(([c, def]) => [c, def.kind])));
  }
  return out;
}

/** A path relative to the working directory when it lies below it (so pages do not show machine-specific prefixes). */
function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

async function renderAndWrite(model: ReportModel, outDir: string, png: boolean, onProgress?: ReportOptions['onProgress']): Promise<Omit<ReportWritten, 'tableFiles'>> {
  const warnings = [...model.warnings];
  const chartsDir = join(outDir, 'charts');
  mkdirSync(chartsDir, { recursive: true });
  const svgs = new Map<string, string>();
  const written = new Set<string>();
  const toDraw = model.charts.filter((c) => c.spec !== null);
  for (const c of model.charts) {
    if (c.spec === null) continue;
    onProgress?.(toDraw.indexOf(c) + 1, toDraw.length, c.id);
    try {
      const { svg, warnings: w } = await renderSvg(c.spec);
      warnings.push(...w.map((m) => `chart ${c.id}: ${m}`));
      writeFileAtomic(join(chartsDir, `${c.id}.vl.json`), stableStringify(c.spec));
      writeFileAtomic(join(chartsDir, `${c.id}.svg`), svg);
      written.add(`${c.id}.vl.json`).add(`${c.id}.svg`);
      if (png) {
        writeFileAtomic(join(chartsDir, `${c.id}.png`), svgToPng(svg));
        written.add(`${c.id}.png`);
      }
      svgs.set(c.id, prefixSvgIds(svg, c.id));
    } catch (err) {
      warnings.push(`chart ${c.id} not drawn: rendering failed: ${(err as Error).message}`);
    }
  }
  // Charts of an earlier run that this run did not draw would otherwise be linked from nowhere and look current.
  for (const f of readdirSync(chartsDir)) {
    if (/\.(png|svg|vl\.json)$/.test(f) && !written.has(f)) rmSync(join(chartsDir, f));
  }
  const finalModel: ReportModel = { ...model, warnings };
  const indexHtml = join(outDir, 'index.html');
  writeFileAtomic(indexHtml, reportHtml(finalModel, svgs, png));
  writeFileAtomic(join(outDir, 'report.md'), reportMarkdown(finalModel, new Set(svgs.keys()), png));
  return {
    indexHtml,
    warnings,
    drawn: model.charts.filter((c) => svgs.has(c.id)).map((c) => c.id),
    notDrawn: model.charts.filter((c) => !svgs.has(c.id)).map((c) => c.id),
  };
}

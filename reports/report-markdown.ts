// report.md: the same content as index.html, with the charts as PNG files beside it (charts/<id>.png).
import type { PaperTable } from './paper-tables.ts';
import * as msg from './messages.ts';
import type { ReportModel } from './report-model.ts';
import { MARGIN_CONVENTION, type TextTable } from './report-tables.ts';

/**
 * Builds report.md from the model; `drawn` holds the ids of the charts drawn, `png` whether their PNGs were written
 * (without, each chart is shown from its SVG and the page says the PNGs were skipped on request).
 */
export function reportMarkdown(model: ReportModel, drawn: ReadonlySet<string>, png = true): string {
  const out: string[] = [];
  out.push(`# ${line(model.title)}`, '');
  out.push('Traces: ' + model.traces.map((t) => `**${cell(t.name)}** (loads ${t.loads.map(cell).join(', ')}; arms ${t.arms.map(cell).join(', ')})`).join('; '), '');
  if (model.warnings.length > 0) {
    out.push('## Warnings', '', ...model.warnings.map((w) => `- ${inline(w)}`), '');
  }
  out.push('## Charts', '');
  if (!png) out.push(msg.reportPngsSkipped(), '');
  if (model.armKey.rows.length > 0) out.push('Arm names too long for a legend are abbreviated in the charts:', '', ...tableMd(model.armKey), '');
  for (const c of model.charts) {
    if (c.spec === null || !drawn.has(c.id)) {
      out.push(`**${line(c.title)}**: not drawn: ${inline(c.missing ?? 'rendering failed (see warnings)')}`, '');
      continue;
    }
    if (png) out.push(`### ${line(c.title)}`, '', `![${altText(c.title)}](charts/${c.id}.png)`, '', `[SVG](charts/${c.id}.svg) · [Vega-Lite spec](charts/${c.id}.vl.json)`, '');
    else out.push(`### ${line(c.title)}`, '', `![${altText(c.title)}](charts/${c.id}.svg)`, '', `[Vega-Lite spec](charts/${c.id}.vl.json)`, '');
  }
  for (const t of model.traceSections) {
    out.push(`## ${line(t.title)}`, '', ...(t.table === null ? [] : [...tableMd(t.table), '']), ...t.facts.flatMap((f) => [inline(f), '']), ...t.warnings.map((w) => `- ${inline(w)}`), '');
  }
  out.push('## Gates', '');
  if (model.gates.length === 0) out.push('No gate fits these results.', '');
  for (const g of model.gates) {
    out.push(`### ${line(g.title)} (${g.preRegistered ? 'pre-registered' : 'NOT pre-registered'})`, '', `Gate file \`${g.gateFile}\`: ${inline(g.registration)}.`, '');
    for (const l of g.loads) {
      out.push(`**load ${cell(l.load)}: ${l.passed ? 'PASS' : 'FAIL'}**`, '', ...tableMd(l.table), '');
      for (const n of l.notes) out.push(`_${inline(n)}_`, '');
    }
    if (g.skippedLoads.length > 0) out.push(`Not evaluated at: ${inline(g.skippedLoads.join('; '))}`, '');
  }
  if (model.gates.length > 0) out.push(MARGIN_CONVENTION, '');
  if (model.gateNotes.length > 0) out.push('Gates not evaluated:', '', ...model.gateNotes.map((n) => `- ${inline(n)}`), '');
  const metrics = model.tables.filter((t) => t.section === 'metrics');
  if (metrics.length > 0) out.push('## Metrics per arm and load', '', ...metrics.flatMap(paperTableMd));
  out.push('## Whole run vs window average', '');
  out.push('Gates judge the mean of per-window changes; the whole-run change is that of the mean over all messages, which a few heavy windows can dominate (docs/gate-file.md).', '');
  if (model.wholeRun.rows.length === 0) out.push('Needs arm fifo beside another arm at some load.', '');
  else out.push(...tableMd(model.wholeRun), '');
  if (model.distanceToIdeal.rows.length > 0) out.push('## Distance to ideal', '', ...tableMd(model.distanceToIdeal), '');
  const sweeps = model.tables.filter((t) => t.section === 'sweep');
  if (sweeps.length > 0) out.push('## Sweep summaries', '', ...sweeps.flatMap(paperTableMd));
  out.push('## Provenance', '', ...tableMd(model.provenance), '');
  return out.join('\n');
}

/** A paper table in the page: caption, table, note. */
function paperTableMd(t: PaperTable): string[] {
  return [`**${cell(t.caption)}**`, '', ...tableMd(t), '', t.note, ''];
}

function tableMd(t: TextTable): string[] {
  return [`| ${t.header.map(cell).join(' | ')} |`, `|${t.header.map(() => ' --- ').join('|')}|`, ...t.rows.map((r) => `| ${r.map(cell).join(' | ')} |`)];
}

/**
 * Text from the results (trace, arm and file names, messages) made inert in Markdown: an HTML tag, comment or
 * autolink (`<script>`, `</x>`, `<!--`, `<https://…>`) loses its `<` to `&lt;`, and a link or image (`[a](url)`,
 * `[a][ref]`) its closing bracket to `\]`; everything else, such as `upper < 0` or `[−30 %, −20 %]`, stays as it is.
 */
function inline(text: string): string {
  return noHtml(text).replace(/\](?=[([])/g, '\\]');
}

function noHtml(text: string): string {
  return text.replace(/<(?=[A-Za-z/!?])/g, '&lt;');
}

/** `inline`, on one line: a heading or bold label cannot be ended, nor a new block started, by a line break in a name. */
function line(text: string): string {
  return inline(text).replace(/[\r\n]/g, ' ');
}

/** Text on one line inside an image's alt text, which any bracket would end. */
function altText(text: string): string {
  return noHtml(text).replace(/[\r\n]/g, ' ').replace(/[[\]\\]/g, (b) => `\\${b}`);
}

/** `line` in a table cell, whose column a `|` would end. */
function cell(text: string): string {
  return line(text).replace(/\|/g, '\\|');
}

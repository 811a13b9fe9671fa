// report.md: the same content as index.html, with the charts as PNG files beside it (charts/<id>.png).
import * as msg from '../src/messages.ts';
import type { ReportModel } from './report-model.ts';
import { MARGIN_CONVENTION, type TextTable } from './report-tables.ts';

/**
 * Builds report.md from the model; `drawn` holds the ids of the charts drawn, `png` whether their PNGs were written
 * (without, each chart is shown from its SVG and the page says the PNGs were skipped on request).
 */
export function reportMarkdown(model: ReportModel, drawn: ReadonlySet<string>, png = true): string {
  const out: string[] = [];
  out.push(`# ${model.title}`, '');
  out.push('Traces: ' + model.traces.map((t) => `**${cell(t.name)}** (loads ${t.loads.join(', ')}; arms ${t.arms.join(', ')})`).join('; '), '');
  if (model.warnings.length > 0) {
    out.push('## Warnings', '', ...model.warnings.map((w) => `- ${w}`), '');
  }
  out.push('## Charts', '');
  if (!png) out.push(msg.reportPngsSkipped(), '');
  if (model.armKey.rows.length > 0) out.push('Arm names too long for a legend are abbreviated in the charts:', '', ...tableMd(model.armKey), '');
  for (const c of model.charts) {
    if (c.spec === null || !drawn.has(c.id)) {
      out.push(`**${c.title}**: not drawn: ${c.missing ?? 'rendering failed (see warnings)'}`, '');
      continue;
    }
    if (png) out.push(`### ${c.title}`, '', `![${c.title}](charts/${c.id}.png)`, '', `[SVG](charts/${c.id}.svg) · [Vega-Lite spec](charts/${c.id}.vl.json)`, '');
    else out.push(`### ${c.title}`, '', `![${c.title}](charts/${c.id}.svg)`, '', `[Vega-Lite spec](charts/${c.id}.vl.json)`, '');
  }
  for (const t of model.traceSections) {
    out.push(`## ${t.title}`, '', ...(t.table === null ? [] : [...tableMd(t.table), '']), ...t.facts.flatMap((f) => [f, '']), ...t.warnings.map((w) => `- ${w}`), '');
  }
  out.push('## Gates', '');
  if (model.gates.length === 0) out.push('No gate fits these results.', '');
  for (const g of model.gates) {
    out.push(`### ${g.title} (${g.preRegistered ? 'pre-registered' : 'NOT pre-registered'})`, '', `Gate file \`${g.gateFile}\`: ${g.registration}.`, '');
    for (const l of g.loads) {
      out.push(`**load ${l.load}: ${l.passed ? 'PASS' : 'FAIL'}**`, '', ...tableMd(l.table), '');
      for (const n of l.notes) out.push(`_${n}_`, '');
    }
    if (g.skippedLoads.length > 0) out.push(`Not evaluated at: ${g.skippedLoads.join('; ')}`, '');
  }
  if (model.gates.length > 0) out.push(MARGIN_CONVENTION, '');
  if (model.gateNotes.length > 0) out.push('Gates not evaluated:', '', ...model.gateNotes.map((n) => `- ${n}`), '');
  out.push('## Whole run vs window average', '');
  out.push('Gates judge the mean of per-window changes; the whole-run change is that of the mean over all messages, which a few heavy windows can dominate (SPEC §7).', '');
  if (model.wholeRun.rows.length === 0) out.push('Needs arm fifo beside another arm at some load.', '');
  else out.push(...tableMd(model.wholeRun), '');
  if (model.distanceToIdeal.rows.length > 0) out.push('## Distance to ideal', '', ...tableMd(model.distanceToIdeal), '');
  out.push('## Provenance', '', ...tableMd(model.provenance), '');
  return out.join('\n');
}

function tableMd(t: TextTable): string[] {
  return [`| ${t.header.map(cell).join(' | ')} |`, `|${t.header.map(() => ' --- ').join('|')}|`, ...t.rows.map((r) => `| ${r.map(cell).join(' | ')} |`)];
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

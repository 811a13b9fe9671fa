// The self-contained index.html: inline SVG charts, gate tables, whole-run figures and provenance; no scripts, no network.
import type { PaperTable } from './paper-tables.ts';
import type { ReportModel } from './report-model.ts';
import { MARGIN_CONVENTION, type TextTable } from './report-tables.ts';

/** A rendered chart: its SVG text (ids already unique in the page), by chart id. */
export type RenderedCharts = ReadonlyMap<string, string>;

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const STYLE = `
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 24px auto; max-width: 1320px; padding: 0 16px; color: #222; overflow-wrap: break-word; }
h1 { font-size: 24px; } h2 { font-size: 19px; margin-top: 32px; border-bottom: 1px solid #ccc; } h3 { font-size: 16px; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; max-width: 100%; }
th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: left; vertical-align: top; }
th { background: #f2f2f2; }
td.hash { word-break: break-all; font-variant-numeric: tabular-nums; }
td.pass { background: #e5f5e0; font-weight: bold; } td.fail { background: #fee0d2; font-weight: bold; }
figure.chart { margin: 16px 0 28px; } figure.chart svg { display: block; max-width: 100%; height: auto; }
figcaption { font-size: 13px; color: #444; margin-top: 4px; }
.missing { color: #8a4b00; } .warn { color: #8a4b00; } code { font-size: 12px; }
.badge { display: inline-block; padding: 1px 6px; border-radius: 3px; font-size: 12px; font-weight: bold; }
.badge.pre { background: #e5f5e0; } .badge.not { background: #fff3cd; }
`;

/**
 * Builds index.html from the model and the rendered SVGs (charts without an SVG are listed with what they miss);
 * `png` says whether the PNG files were written (without, the captions link no PNG).
 */
export function reportHtml(model: ReportModel, svgs: RenderedCharts, png = true): string {
  const out: string[] = [];
  out.push('<!DOCTYPE html>', '<html lang="en">', '<head>', '<meta charset="utf-8">', `<title>${escapeHtml(model.title)}</title>`);
  out.push(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
  out.push(`<style>${STYLE}</style>`, '</head>', '<body>');
  out.push(`<h1>${escapeHtml(model.title)}</h1>`);
  out.push('<p>Traces: ' + model.traces.map((t) => `<b>${escapeHtml(t.name)}</b> (loads ${escapeHtml(t.loads.join(', '))}; arms ${escapeHtml(t.arms.join(', '))})`).join('; ') + '</p>');
  if (model.warnings.length > 0) {
    out.push('<h2 id="warnings">Warnings</h2>', '<ul class="warn">', ...model.warnings.map((w) => `<li>${escapeHtml(w)}</li>`), '</ul>');
  }

  out.push('<h2 id="charts">Charts</h2>');
  if (model.armKey.rows.length > 0) out.push('<p>Arm names too long for a legend are abbreviated in the charts:</p>', tableHtml(model.armKey, 'arm-key'));
  for (const c of model.charts) {
    const svg = svgs.get(c.id);
    if (c.spec === null || svg === undefined) {
      out.push(`<figure class="chart chart-missing" id="chart-${c.id}" data-chart="${c.id}"><figcaption><b>${escapeHtml(c.title)}</b>: <span class="missing">not drawn: ${escapeHtml(c.missing ?? 'rendering failed (see warnings)')}</span></figcaption></figure>`);
      continue;
    }
    out.push(`<figure class="chart" id="chart-${c.id}" data-chart="${c.id}" data-min-marks="${c.minMarks}">`);
    out.push(svg.replace(/^<\?xml[^>]*>\s*/, ''));
    out.push(`<figcaption>${escapeHtml(c.title)}: ${png ? `<a href="charts/${c.id}.png">PNG</a> · ` : ''}<a href="charts/${c.id}.svg">SVG</a> · <a href="charts/${c.id}.vl.json">Vega-Lite spec</a></figcaption>`, '</figure>');
  }

  for (const t of model.traceSections) {
    out.push(`<h2>${escapeHtml(t.title)}</h2>`, ...(t.table === null ? [] : [tableHtml(t.table, 'trace')]), ...t.facts.map((f) => `<p>${escapeHtml(f)}</p>`));
    if (t.warnings.length > 0) out.push('<ul class="warn">', ...t.warnings.map((w) => `<li>${escapeHtml(w)}</li>`), '</ul>');
  }

  out.push('<h2 id="gates">Gates</h2>');
  if (model.gates.length === 0) out.push('<p>No gate fits these results.</p>');
  for (const g of model.gates) {
    out.push(`<h3>${escapeHtml(g.title)} <span class="badge ${g.preRegistered ? 'pre' : 'not'}">${g.preRegistered ? 'pre-registered' : 'not pre-registered'}</span></h3>`);
    out.push(`<p>Gate file <code>${escapeHtml(g.gateFile)}</code>: ${escapeHtml(g.registration)}.</p>`);
    for (const l of g.loads) {
      out.push(`<p><b>load ${escapeHtml(l.load)}: ${l.passed ? 'PASS' : 'FAIL'}</b></p>`);
      out.push(tableHtml(l.table, 'gate'));
      for (const n of l.notes) out.push(`<p class="warn">${escapeHtml(n)}</p>`);
    }
    if (g.skippedLoads.length > 0) out.push(`<p class="warn">Not evaluated at: ${escapeHtml(g.skippedLoads.join('; '))}</p>`);
  }
  if (model.gates.length > 0) out.push(`<p class="note">${escapeHtml(MARGIN_CONVENTION)}</p>`);
  if (model.gateNotes.length > 0) out.push('<p>Gates not evaluated:</p>', '<ul>', ...model.gateNotes.map((n) => `<li>${escapeHtml(n)}</li>`), '</ul>');

  const metrics = model.tables.filter((t) => t.section === 'metrics');
  if (metrics.length > 0) out.push('<h2 id="metrics">Metrics per arm and load</h2>', ...metrics.flatMap(paperTableHtml));
  out.push('<h2 id="whole-run">Whole run vs window average</h2>');
  out.push('<p>Gates judge the mean of per-window changes; the whole-run change is that of the mean over all messages, which a few heavy windows can dominate (docs/gate-file.md).</p>');
  out.push(model.wholeRun.rows.length === 0 ? '<p class="missing">needs arm fifo beside another arm at some load</p>' : tableHtml(model.wholeRun, 'whole-run'));

  if (model.distanceToIdeal.rows.length > 0) out.push('<h2 id="distance-to-ideal">Distance to ideal</h2>', tableHtml(model.distanceToIdeal, 'distance-to-ideal'));
  const sweeps = model.tables.filter((t) => t.section === 'sweep');
  if (sweeps.length > 0) out.push('<h2 id="sweeps">Sweep summaries</h2>', ...sweeps.flatMap(paperTableHtml));
  out.push('<h2 id="provenance">Provenance</h2>');
  out.push(tableHtml(model.provenance, 'provenance'));
  out.push('</body>', '</html>', '');
  return out.join('\n');
}

/** A table; `data-table` names the exported table (`tables/<id>.csv`, `.tex`) that holds its rows. */
function tableHtml(t: TextTable, cls: string): string {
  const head = `<tr>${t.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr>`;
  const body = t.rows.map((r) => `<tr>${r.map(cellHtml).join('')}</tr>`);
  return [`<table class="${cls}"${t.id === undefined ? '' : ` data-table="${escapeHtml(t.id)}"`}>`, head, ...body, '</table>'].join('\n');
}

/** A paper table shown on the page: its caption, the table and its note. */
function paperTableHtml(t: PaperTable): string[] {
  return [`<p><b>${escapeHtml(t.caption)}</b></p>`, tableHtml({ header: t.header, rows: t.rows, id: t.id }, t.section), `<p class="note">${escapeHtml(t.note)}</p>`];
}

/**
 * One table cell. Words never break inside: a hash (hex digits only) may break anywhere, a path after each `/`, an
 * arm name after each `+` (so a narrow column wraps them where a reader expects).
 */
function cellHtml(c: string): string {
  const cls = c === 'PASS' ? 'pass' : c === 'FAIL' || c === 'UNEVALUABLE' || c === 'UNSTABLE' ? 'fail' : /^[0-9a-f]{16,}$/.test(c) ? 'hash' : null;
  const text = escapeHtml(c).replace(/([/+])(?=\S)/g, '$1<wbr>');
  return `<td${cls === null ? '' : ` class="${cls}"`}>${text}</td>`;
}

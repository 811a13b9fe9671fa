// A paper table as CSV (RFC 4180) and as a LaTeX booktabs table with caption, label and note.
import * as msg from './messages.ts';
import { spreadsheetCsvField } from '../src/text/csv-field.ts';
import type { PaperTable } from './paper-tables.ts';

/** The table formats `hsim report --tables` writes. */
export const TABLE_FORMATS = ['csv', 'latex', 'parquet', 'arrow'] as const;
export type TableFormat = (typeof TABLE_FORMATS)[number];

/**
 * CSV text: the column keys (snake_case, units in the name: `mean_latency_ms`, `change_pct`) then the rows, fields
 * quoted when they hold a comma, quote or line break, text a spreadsheet would run as a formula (`=…`, `-…` but not
 * `-3.5`) behind a `'` (spreadsheetCsvField); a missing value (`–`) is an empty field; LF endings.
 */
export function tableToCsv(t: PaperTable): string {
  const field = (s: string): string => (s === '–' ? '' : spreadsheetCsvField(s));
  return [t.keys, ...t.rows].map((r) => r.map(field).join(',')).join('\n') + '\n';
}

/** LaTeX for the characters that are not plain text in LaTeX, or not in the fonts a minimal document has. */
const LATEX: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '|': '\\textbar{}',
  // After a row's line break or a booktabs rule, LaTeX reads a leading [ as an optional argument and a leading * as a star.
  '[': '{[}',
  ']': '{]}',
  '*': '{*}',
  '<': '$<$',
  '>': '$>$',
  '−': '$-$',
  'Δ': '$\\Delta$',
  '≤': '$\\le$',
  '≥': '$\\ge$',
  '±': '$\\pm$',
  '×': '$\\times$',
  '÷': '$\\div$',
  '→': '$\\to$',
  '·': '$\\cdot$',
  'µ': '$\\mu$',
  'μ': '$\\mu$',
  '°': '$^\\circ$',
  '–': '--',
  '—': '---',
  '…': '\\ldots{}',
};

/**
 * Escapes text for LaTeX so that it compiles in a minimal document (pdflatex, booktabs, no other package): the ten
 * special characters and `|`, `<`, `>`, `[`, `]`, `*` as text; −, Δ, ≤, ≥, ±, ×, ÷, →, ·, µ, ° as math; dashes and … as text;
 * ASCII and the accented Latin-1 letters as they are; any other character (a control character, a letter of another
 * script, an emoji) as `[U+XXXX]` in text, since the default fonts lack it.
 */
export function latexEscape(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0)!;
    const mapped = LATEX[c];
    if (mapped !== undefined) out += mapped;
    else if ((code >= 0x20 && code < 0x7f) || latin1Letter(code)) out += c;
    else if (c === '\n' || c === '\t' || c === '\r') out += ' ';
    else out += `{[}U+${code.toString(16).toUpperCase().padStart(4, '0')}{]}`;
  }
  return out;
}

/** The accented Latin-1 letters a minimal pdflatex document sets (Ð, Þ, ð, þ need T1 fonts; × and ÷ are mapped). */
function latin1Letter(code: number): boolean {
  return code >= 0xc0 && code <= 0xff && ![0xd0, 0xd7, 0xde, 0xf0, 0xf7, 0xfe].includes(code);
}

/**
 * A LaTeX table float for `\\input{tables/<id>.tex}` in a document that loads `\\usepackage{booktabs}` (nothing
 * else): a comment saying so, caption and label on top, \\toprule/\\midrule/\\bottomrule, the note below. Every
 * cell, the caption and the note are escaped (`latexEscape`), so any arm, key or trace name compiles.
 */
export function tableToLatex(t: PaperTable): string {
  const row = (cells: readonly string[]): string => `    ${cells.map(latexEscape).join(' & ')} \\\\`;
  return [
    `% hsim report table ${t.id}: \\input{${t.id}.tex} in a document with \\usepackage{booktabs} (pdflatex; no other package).`,
    '\\begin{table}[htbp]',
    '  \\centering',
    `  \\caption{${latexEscape(t.caption)}}`,
    `  \\label{tab:${t.id}}`,
    `  \\begin{tabular}{${t.align.join('')}}`,
    '    \\toprule',
    row(t.header),
    '    \\midrule',
    ...t.rows.map(row),
    '    \\bottomrule',
    '  \\end{tabular}',
    '',
    `  \\par\\smallskip{\\footnotesize ${latexEscape(t.note)}}`,
    '\\end{table}',
    '',
  ].join('\n');
}

/**
 * Parses the `--tables` value (`csv`, `latex`, `parquet`, `arrow` or several, comma-separated). Returns the formats, or the message naming what was
 * found and what is expected.
 */
export function parseTableFormats(text: string): { formats: TableFormat[] } | { problem: string } {
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '');
  const bad = parts.filter((p) => !(TABLE_FORMATS as readonly string[]).includes(p));
  if (parts.length === 0 || bad.length > 0) return { problem: msg.tableFormatsInvalidTyped(text) };
  return { formats: [...new Set(parts as TableFormat[])] };
}

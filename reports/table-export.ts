// A paper table as CSV (RFC 4180) and as a LaTeX booktabs table with caption, label and note.
import * as msg from '../src/messages.ts';
import type { PaperTable } from './paper-tables.ts';

/** The table formats `hsim report --tables` writes. */
export const TABLE_FORMATS = ['csv', 'latex', 'parquet', 'arrow'] as const;
export type TableFormat = (typeof TABLE_FORMATS)[number];

/**
 * CSV text: the header then the rows, fields quoted when they hold a comma, quote or line break; a missing value
 * (`–`) is an empty field; LF endings.
 */
export function tableToCsv(t: PaperTable): string {
  const field = (s: string): string => (s === '–' ? '' : /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return [t.header, ...t.rows].map((r) => r.map(field).join(',')).join('\n') + '\n';
}

/** Escapes text for LaTeX (the ten special characters; <, >, −, Δ, ≤, ≥ and · as math; – as --). */
export function latexEscape(text: string): string {
  const map: Record<string, string> = {
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
    '−': '$-$',
    'Δ': '$\\Delta$',
    '≤': '$\\le$',
    '≥': '$\\ge$',
    '–': '--',
    '·': '$\\cdot$',
    '<': '$<$',
    '>': '$>$',
  };
  return text.replace(/[\\&%$#_{}~^−Δ≤≥–·<>]/g, (c) => map[c]!);
}

/** A LaTeX table (needs \usepackage{booktabs}): caption and label on top, \toprule/\midrule/\bottomrule, the note below. */
export function tableToLatex(t: PaperTable): string {
  const row = (cells: readonly string[]): string => `    ${cells.map(latexEscape).join(' & ')} \\\\`;
  return [
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

// CSV and LaTeX export of paper tables, and the --tables value, on a hand-made table.
import { describe, expect, it } from 'vitest';
import type { PaperTable } from './paper-tables.ts';
import { latexEscape, parseTableFormats, tableToCsv, tableToLatex } from './table-export.ts';

const table: PaperTable = {
  id: 'gate-g-shop',
  section: 'gate',
  caption: 'Gate g on trace shop, loads 0.5: 95 % intervals.',
  header: ['load', 'criterion', 'estimate (%)'],
  keys: ['load', 'criterion', 'estimate_pct'],
  align: ['l', 'l', 'r'],
  rows: [
    ['0.5', 'mean_vs_fifo', '−30.0'],
    ['0.8', 'a, "b"', '–'],
  ],
  note: 'Margin > 0 = passes.',
};

describe('tableToCsv', () => {
  it('writes the keys (units in the names), quotes fields with commas or quotes and leaves missing values empty', () => {
    expect(tableToCsv(table)).toBe('load,criterion,estimate_pct\n0.5,mean_vs_fifo,−30.0\n0.8,"a, ""b""",\n');
  });
  it('puts a quote before text cells a spreadsheet would run as formulas, never before a number', () => {
    const rows = [['0.8', '=cmd|\' /C calc\'!A0', '-15.0'], ['as-is', '+arm', '-3.5'], ['0.5', '@x', '']];
    expect(tableToCsv({ ...table, rows })).toBe("load,criterion,estimate_pct\n0.8,'=cmd|' /C calc'!A0,-15.0\nas-is,'+arm,-3.5\n0.5,'@x,\n");
  });

  it('writes only the keys for a table without rows', () => {
    expect(tableToCsv({ ...table, rows: [] })).toBe('load,criterion,estimate_pct\n');
  });
});

describe('tableToLatex', () => {
  it('writes a booktabs table with the \\input note, caption, label, alignment and the note', () => {
    const tex = tableToLatex(table);
    expect(tex.split('\n')[0]).toBe('% hsim report table gate-g-shop: \\input{gate-g-shop.tex} in a document with \\usepackage{booktabs} (pdflatex; no other package).');
    expect(tex).toContain('\\caption{Gate g on trace shop, loads 0.5: 95 \\% intervals.}');
    expect(tex).toContain('\\label{tab:gate-g-shop}');
    expect(tex).toContain('\\begin{tabular}{llr}');
    expect(tex).toContain('    load & criterion & estimate (\\%) \\\\');
    expect(tex).toContain('    0.5 & mean\\_vs\\_fifo & $-$30.0 \\\\');
    expect(tex.indexOf('\\toprule')).toBeLessThan(tex.indexOf('\\midrule'));
    expect(tex).toContain('{\\footnotesize Margin $>$ 0 = passes.}');
  });
  it('escapes every special character, so none reaches LaTeX raw', () => {
    expect(latexEscape('a_b & 5% $x #1 {y} ~ ^ \\ ≤ Δ')).toBe('a\\_b \\& 5\\% \\$x \\#1 \\{y\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{} $\\le$ $\\Delta$');
  });
  it('keeps a leading [ or * from being read as an argument, and writes characters the fonts lack as code points', () => {
    expect(latexEscape('[x]*')).toBe('{[}x{]}{*}');
    expect(latexEscape('école 中 ×')).toBe('école {[}U+4E2D{]} $\\times$');
    expect(latexEscape('a\nb')).toBe('a b');
  });
});

describe('parseTableFormats', () => {
  it('accepts csv, latex and both', () => {
    expect(parseTableFormats('csv,latex')).toEqual({ formats: ['csv', 'latex'] });
    expect(parseTableFormats('latex')).toEqual({ formats: ['latex'] });
  });
  it('names the option, what was found and what is expected', () => {
    expect(parseTableFormats('xls')).toEqual({ problem: '--tables: found "xls"; expected csv, latex, parquet or arrow, or several comma-separated (csv,latex)' });
    expect(parseTableFormats('')).toHaveProperty('problem');
  });
});

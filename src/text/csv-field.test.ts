// CSV fields: RFC 4180 quoting, and text cells a spreadsheet cannot run as formulas.
import { describe, expect, it } from 'vitest';
import { quoteCsvField, spreadsheetCsvField } from './csv-field.ts';

describe('quoteCsvField', () => {
  it('quotes only a field with a comma, quote or line break, doubling inner quotes', () => {
    expect(quoteCsvField('plain')).toBe('plain');
    expect(quoteCsvField('a,b')).toBe('"a,b"');
    expect(quoteCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCsvField('a\nb')).toBe('"a\nb"');
    expect(quoteCsvField('=1+1')).toBe('=1+1'); // trace files keep keys as they are
  });
});

describe('spreadsheetCsvField', () => {
  it('puts a quote before text a spreadsheet would run as a formula (=, +, -, @, tab, CR)', () => {
    expect(spreadsheetCsvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(spreadsheetCsvField('=1+1')).toBe("'=1+1");
    expect(spreadsheetCsvField('+cmd')).toBe("'+cmd");
    expect(spreadsheetCsvField('-2+3')).toBe("'-2+3");
    expect(spreadsheetCsvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(spreadsheetCsvField('\t=1')).toBe("'\t=1");
    expect(spreadsheetCsvField('\r=1')).toBe(`"'\r=1"`);
    expect(spreadsheetCsvField('-fast-path')).toBe("'-fast-path"); // an honest key too: OWASP escapes every such text
  });

  it('leaves plain numbers and other text as they are (the golden outputs hold no such text)', () => {
    for (const n of ['-3.5', '+2', '-0', '1e-6', '-1.5E+3', '-.5', '12', '−3.5']) expect(spreadsheetCsvField(n)).toBe(n);
    for (const t of ['fifo', 'predictive+weights+pausing', 'a=b', 'x@y', '0.8', 'as-is', '']) expect(spreadsheetCsvField(t)).toBe(t);
    expect(spreadsheetCsvField('a,b')).toBe('"a,b"');
  });
});

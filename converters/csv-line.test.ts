// Tests of the CSV line splitter and the strict decimal parser.
import { describe, expect, it } from 'vitest';
import { parseDecimal, splitCsvLine } from './csv-line.ts';
import { quoteCsvField as csvField } from '../traces/trace-csv.ts';

describe('splitCsvLine', () => {
  it('splits plain and quoted fields', () => {
    expect(splitCsvLine('a,b,,c')).toEqual(['a', 'b', '', 'c']);
    expect(splitCsvLine('"a,1","say ""hi""",x')).toEqual(['a,1', 'say "hi"', 'x']);
    expect(splitCsvLine('')).toEqual(['']);
    expect(splitCsvLine('a,')).toEqual(['a', '']);
  });
  it('returns null for malformed quoting', () => {
    expect(splitCsvLine('"open,b')).toBeNull();
    expect(splitCsvLine('"a"b,c')).toBeNull();
  });
  it('reads back what csvField writes', () => {
    const fields = ['plain', 'with,comma', 'with "quote"', '', 'x\ry'];
    expect(splitCsvLine(fields.map(csvField).join(','))).toEqual(fields);
  });
});

describe('parseDecimal', () => {
  it('parses decimal text exactly as Number does', () => {
    expect(parseDecimal('0.07949090003967285')).toBe(0.07949090003967285);
    expect(parseDecimal('-1')).toBe(-1);
    expect(parseDecimal('1e3')).toBe(1000);
    expect(parseDecimal('.5')).toBe(0.5);
  });
  it('refuses text Number would accept', () => {
    for (const t of ['', ' 1', '0x10', 'Infinity', '1_000', 'NaN', '1,5']) expect(parseDecimal(t)).toBeNaN();
  });
});

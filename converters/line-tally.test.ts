// Tests of one line through a parser into the row accounting: skipped, kept, rejected by reason, whole-file errors.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import type { RowCounts } from '../traces/trace-meta.ts';
import { tallyLine } from './line-tally.ts';
import { LINE_KEPT, LINE_REJECTED, LINE_SKIP } from './row-parser.ts';
import { createTableParser } from './table-converter.ts';

const SPEC = { exactHeader: null, arrival: { column: 'a' }, arrivalUnit: 'ms' as const, duration: 'd', durationUnit: 'ms' as const, keyColumns: ['k'], keyJoin: '/', classColumn: null, sizeColumn: null };

function feed(lines: string[]): { results: number[]; rows: RowCounts } {
  const parser = createTableParser(SPEC, 'in.csv');
  const rows: RowCounts = { read: 0, kept: 0, rejected: 0, rejected_by_reason: {} };
  const results = lines.map((l, i) => {
    const b = Buffer.from(l);
    return tallyLine(parser, rows, b, 0, b.length, i + 1, false);
  });
  return { results, rows };
}

describe('tallyLine', () => {
  it('counts rows kept and rejected by reason, not the header or blank lines', () => {
    const { results, rows } = feed(['a,d,k', '1,2,x', '', '2,-1,x', '3,1,', 'q,1,x', '4,1,y']);
    expect(results).toEqual([LINE_SKIP, LINE_KEPT, LINE_SKIP, LINE_REJECTED, LINE_REJECTED, LINE_REJECTED, LINE_KEPT]);
    expect(rows).toEqual({ read: 5, kept: 2, rejected: 3, rejected_by_reason: { negative_duration: 1, empty_key: 1, not_numeric: 1 } });
  });

  it('lets the parser\'s whole-file error through (a header without the named columns)', () => {
    expect(() => feed(['x,y,z'])).toThrow(InputError);
  });
});

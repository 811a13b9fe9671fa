// The page tables' number formats: signed percentages with one decimal, ratios to 4 digits, margins in pp.
import { describe, expect, it } from 'vitest';
import { formatMargin, formatValue } from './report-tables.ts';

describe('formatValue', () => {
  it('writes a change as a signed percentage with one decimal and a ratio to 4 significant digits', () => {
    expect(formatValue('relative_delta', -0.3)).toBe('−30.0 %');
    expect(formatValue('relative_delta', 0.0123)).toBe('+1.2 %');
    expect(formatValue('ratio', 1.00251789)).toBe('1.003');
  });
  it('never writes −0.0 %, and a dash for a missing value', () => {
    expect(formatValue('relative_delta', -0.00001)).toBe('0.0 %');
    expect(formatValue('ratio', null)).toBe('–');
  });
});

describe('formatMargin', () => {
  it('writes a change margin in percentage points and a ratio margin plainly', () => {
    expect(formatMargin('relative_delta', 0.15)).toBe('+15.0 pp');
    expect(formatMargin('ratio', 0.6772)).toBe('0.677');
  });
  it('writes a dash for a missing margin', () => {
    expect(formatMargin('relative_delta', null)).toBe('–');
  });
});

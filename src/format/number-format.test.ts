// The shared number formatting: units that fit, significant digits without e-notation, percentages without -0.0 %.
import { describe, expect, it } from 'vitest';
import { formatDuration, formatInterval, formatPercent, formatSig, pickTimeUnit } from './number-format.ts';

describe('pickTimeUnit', () => {
  it('takes the largest unit not above the median magnitude', () => {
    expect(pickTimeUnit([5, 80, 900]).name).toBe('ms');
    expect(pickTimeUnit([900, 15_000, 90_000]).name).toBe('s');
    expect(pickTimeUnit([4 * 3_600_000, 5 * 3_600_000]).name).toBe('h');
    expect(pickTimeUnit([3 * 86_400_000]).name).toBe('d');
  });
  it('falls back to ms when no value is usable', () => {
    expect(pickTimeUnit([]).name).toBe('ms');
    expect(pickTimeUnit([0, Number.NaN, Number.POSITIVE_INFINITY]).name).toBe('ms');
  });
});

describe('formatSig', () => {
  it('rounds to significant digits in plain decimals, never e-notation', () => {
    expect(formatSig(123456, 3)).toBe('123456');
    expect(formatSig(1.23456e7, 3)).toBe('12345600');
    expect(formatSig(0.000123456, 3)).toBe('0.000123');
    expect(formatSig(-2.345, 3)).toBe('-2.35');
    expect(formatSig(-0.0001, 1)).toBe('-0.0001');
    expect(formatSig(0)).toBe('0');
  });
  it('prints no sign on a value that rounds to zero, a dash for non-finite, and rejects bad digits', () => {
    expect(formatSig(-0)).toBe('0');
    expect(formatSig(Number.NaN)).toBe('–');
    expect(() => formatSig(1, 0)).toThrow(RangeError);
  });
});

describe('formatDuration', () => {
  it('writes the value in the unit that fits it, or the one given', () => {
    expect(formatDuration(12.345)).toBe('12.3 ms');
    expect(formatDuration(1523)).toBe('1.52 s');
    expect(formatDuration(246_000)).toBe('4.10 min');
    expect(formatDuration(1523, { name: 'ms', ms: 1 })).toBe('1523 ms');
  });
  it('prints a dash for a non-finite duration', () => {
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('–');
  });
});

describe('formatPercent', () => {
  it('writes one decimal and a true minus sign when signed', () => {
    expect(formatPercent(-0.2516, { signed: true })).toBe('−25.2 %');
    expect(formatPercent(0.1234, { signed: true })).toBe('+12.3 %');
    expect(formatPercent(0.1234, { decimals: 2 })).toBe('12.34 %');
  });
  it('never writes -0.0 %, and a dash for null', () => {
    expect(formatPercent(-0.0004, { signed: true })).toBe('0.0 %');
    expect(formatPercent(-0.0004)).toBe('0.0 %');
    expect(formatPercent(null)).toBe('–');
  });
});

describe('formatInterval', () => {
  it('puts the interval in brackets after the estimate', () => {
    expect(formatInterval('−25.2 %', '−30.9 %', '−19.4 %')).toBe('−25.2 % [−30.9 %, −19.4 %]');
  });
});

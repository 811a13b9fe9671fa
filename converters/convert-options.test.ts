// Tests of option resolution: the documented defaults of SPEC §4 and the collected option errors.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { resolveConverterSpec } from './convert-options.ts';

describe('resolveConverterSpec', () => {
  it('gives the SPEC §4 defaults', () => {
    expect(resolveConverterSpec('swf', { preset: 'lpc-egee' })).toEqual({
      format: 'swf',
      swf: { preset: 'lpc-egee', arrivalField: 2, durationField: 4, keyFields: [12, 15], classField: null, singleProcessor: true },
    });
    expect(resolveConverterSpec('swf', { preset: 'das2-fs2' })).toMatchObject({ swf: { keyFields: [12, 14], singleProcessor: false } });
    expect(resolveConverterSpec('azure2021', {})).toMatchObject({
      table: { exactHeader: ['app', 'func', 'end_timestamp', 'duration'], arrival: { end: 'end_timestamp', minus: 'duration', minusUnit: 's' }, keyColumns: ['app', 'func'], keyJoin: '/', arrivalUnit: 's', durationUnit: 's' },
    });
    expect(resolveConverterSpec('huawei2025', { keyMode: 'user-func' })).toMatchObject({
      table: { arrival: { end: 'time_frontend', minus: 'totalCost_frontend' }, duration: 'totalCost_worker', keyColumns: ['userID', 'funcName'], keyJoin: '---', sizeColumn: 'requestBodySize' },
    });
  });
  it('lets flags override columns', () => {
    expect(resolveConverterSpec('csv', { arrival: 't', duration: 'd', key: 'a, b', arrivalUnit: 'us' })).toMatchObject({
      table: { arrival: { column: 't' }, keyColumns: ['a', 'b'], arrivalUnit: 'us', durationUnit: 'ms' },
    });
    expect(resolveConverterSpec('csv', { end: 'e', duration: 'd', durationUnit: 's', key: 'k' })).toMatchObject({ table: { arrival: { end: 'e', minus: 'd', minusUnit: 's' } } });
  });
  it('collects every problem into one InputError', () => {
    let err: unknown;
    try {
      resolveConverterSpec('csv', { arrivalUnit: 'h', size: 'x', preset: 'lpc-egee' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    const issues = (err as InputError).issues.join('\n');
    expect(issues).toMatch(/--arrival-unit: "h"; expected s \| ms \| us/);
    expect(issues).toMatch(/--duration: missing/);
    expect(issues).toMatch(/--key: missing/);
    expect(issues).toMatch(/--preset/);
    expect(() => resolveConverterSpec('swf', { key: '19', end: 'x' })).toThrow(/field number 1–18/);
    expect(() => resolveConverterSpec('parquet', {})).toThrow(/expected one of azure2021, huawei2025, swf, csv/);
  });
});

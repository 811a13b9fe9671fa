// Tests of option resolution: the documented defaults of SPEC §4 and the collected option errors.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { cliFlagHelp, converterFlags, FORMATS, resolveConverterSpec, specOptions } from './convert-options.ts';

describe('resolveConverterSpec', () => {
  it('gives the SPEC §4 defaults', () => {
    const lpc = resolveConverterSpec('swf', { preset: 'lpc-egee' });
    expect(lpc.format).toBe('swf');
    expect(lpc.rules).toEqual({ preset: 'lpc-egee', arrivalField: 2, durationField: 4, keyFields: [12, 15], classField: null, singleProcessor: true });
    expect(resolveConverterSpec('swf', { preset: 'das2-fs2' })).toMatchObject({ rules: { keyFields: [12, 14], singleProcessor: false } });
    expect(resolveConverterSpec('azure2021', {})).toMatchObject({
      rules: { exactHeader: ['app', 'func', 'end_timestamp', 'duration'], arrival: { end: 'end_timestamp', minus: 'duration', minusUnit: 's' }, keyColumns: ['app', 'func'], keyJoin: '/', arrivalUnit: 's', durationUnit: 's' },
    });
    expect(resolveConverterSpec('huawei2025', { keyMode: 'user-func' })).toMatchObject({
      rules: { arrival: { end: 'time_frontend', minus: 'totalCost_frontend' }, duration: 'totalCost_worker', keyColumns: ['userID', 'funcName'], keyJoin: '---', sizeColumn: 'requestBodySize' },
    });
  });
  it('lets flags override columns', () => {
    expect(resolveConverterSpec('csv', { arrival: 't', duration: 'd', key: 'a, b', arrivalUnit: 'us' })).toMatchObject({
      rules: { arrival: { column: 't' }, keyColumns: ['a', 'b'], arrivalUnit: 'us', durationUnit: 'ms' },
    });
    expect(resolveConverterSpec('csv', { end: 'e', duration: 'd', durationUnit: 's', key: 'k' })).toMatchObject({ rules: { arrival: { end: 'e', minus: 'd', minusUnit: 's' } } });
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
  it('refuses an option the format does not take, naming it', () => {
    expect(() => resolveConverterSpec('azure2021', { keyMode: 'func' })).toThrow(/option --key-mode: "func" given; expected no --key-mode for format azure2021/);
    expect(() => resolveConverterSpec('huawei2025', { keyMode: 'user' })).toThrow(/option --key-mode: "user"; expected func \| user-func/);
  });
});

describe('the format table', () => {
  it('lists every format once and gives the CLI each option once with its meaning per format', () => {
    expect(FORMATS).toEqual(['azure2021', 'huawei2025', 'swf', 'csv']);
    const flags = converterFlags();
    expect(new Set(flags.map((f) => f.spec)).size).toBe(flags.length);
    const keyMode = flags.find((f) => f.attribute === 'keyMode')!;
    expect(keyMode.uses.map((u) => u.format)).toEqual(['huawei2025']);
    const arrival = flags.find((f) => f.attribute === 'arrival')!;
    // The three table formats share the help text; swf means a field number.
    expect(cliFlagHelp(arrival)).toBe('azure2021, huawei2025, csv: arrival column; swf: field number');
    expect(flags.find((f) => f.attribute === 'endMinus')!.spec).toBe('--end-minus <col>');
  });
  it('records the rules, not the parser, as the meta options', () => {
    const opts = specOptions(resolveConverterSpec('csv', { arrival: 't', duration: 'd', key: 'k' }));
    expect(JSON.parse(JSON.stringify(opts))).toEqual(opts);
    expect(opts).toMatchObject({ keyColumns: ['k'], durationUnit: 'ms' });
  });
});

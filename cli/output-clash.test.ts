// Tests of `outputClashes`: outputs naming one file, or an input, by resolved path; distinct files pass.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputClashes } from './output-clash.ts';

describe('outputClashes', () => {
  it('finds two outputs and an output over an input, comparing resolved paths', () => {
    expect(outputClashes([
      { option: '<trace>', path: 't.csv', written: false },
      { option: '-o', path: 'out/r.json', written: true },
      { option: '--messages', path: resolve('out', '..', 'out', 'r.json'), written: true },
    ])).toEqual([`option --messages: ${resolve('out', 'r.json')} is also the file of -o: both outputs would be written to it and one would overwrite the other; expected a file of its own (give --messages another file name)`]);
    expect(outputClashes([
      { option: '-o', path: './t.csv', written: true },
      { option: '<trace>', path: 't.csv', written: false },
    ])).toEqual(['option -o: ./t.csv is also the file of <trace>, which this command reads: writing it would destroy the input; expected a file of its own (give -o another file name)']);
  });
  it('passes distinct files, options not given, and two inputs that share a file', () => {
    expect(outputClashes([
      { option: '<trace>', path: 't.csv', written: false },
      { option: '--static-map', path: 't.csv', written: false },
      { option: '--predictor-snapshot', path: undefined, written: false },
      { option: '-o', path: 'r.json', written: true },
      { option: '--messages', path: 'm.csv', written: true },
    ])).toEqual([]);
  });
});

// resumeCommand: the interrupted command line with --resume, shell-quoted where needed.
import { describe, expect, it } from 'vitest';
import { resumeCommand, shellQuote } from './resume-hint.ts';

describe('resumeCommand', () => {
  it('adds --resume to the same arguments', () => {
    expect(resumeCommand(['run', 'experiments/example-run.json', '--jobs', '2'])).toBe('hsim run experiments/example-run.json --jobs 2 --resume');
  });
  it('does not add --resume twice, and quotes what a shell would split', () => {
    expect(resumeCommand(['sweep', 'my sweep.json', '--resume'])).toBe("hsim sweep 'my sweep.json' --resume");
  });
});

describe('shellQuote', () => {
  it('leaves safe words alone and quotes the rest', () => {
    expect(shellQuote('out/a-b_c.json')).toBe('out/a-b_c.json');
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});

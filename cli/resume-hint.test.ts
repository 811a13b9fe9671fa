// resumeCommand: the interrupted command line with --resume, shell-quoted where needed; withResumeHint arms it around a run.
import { describe, expect, it } from 'vitest';
import { resumeCommand, shellQuote, withResumeHint } from './resume-hint.ts';

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

describe('withResumeHint', () => {
  it('listens for SIGINT while the run lasts and returns its value', async () => {
    const before = process.listenerCount('SIGINT');
    const during = await withResumeHint(['run', 'x.json'], () => Promise.resolve(process.listenerCount('SIGINT')));
    expect(during).toBe(before + 1);
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
  it('stops listening when the run throws, and passes the error on', async () => {
    const before = process.listenerCount('SIGINT');
    await expect(withResumeHint(['sweep', 's.json'], () => Promise.reject(new Error('cell failed')))).rejects.toThrow('cell failed');
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});

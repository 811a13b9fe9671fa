// docs/cli.md is the help of every command: it must match what the commander program prints today.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { cliReference } from './cli-doc.ts';
import { buildProgram } from './program.ts';

describe('cliReference', () => {
  it('is what docs/cli.md holds (run `make docs` after changing a help text)', () => {
    const committed = readFileSync(join(import.meta.dirname, '..', 'docs', 'cli.md'), 'utf8');
    expect(cliReference(buildProgram())).toBe(committed);
  });

  it('lists every command and subcommand, with its options and examples', () => {
    const page = cliReference(buildProgram());
    for (const heading of ['## hsim simulate', '## hsim gate freeze', '## hsim gate check', '## hsim traces diagnose', '## hsim export']) expect(page).toContain(`\n${heading}\n`);
    expect(page).toContain('--arm');
    expect(page).toContain('Examples:');
    expect(page).not.toContain('## hsim help');
  });

  it('gives an empty program a page with only its own heading', () => {
    expect(cliReference(new Command('x').description('nothing'))).toContain('## hsim\n\n```text\nUsage: x [options]');
  });
});

// docs/cli.md from the commander program: every command's help text, as `hsim <command> --help` prints it.
import type { Command } from 'commander';

/** The width help is wrapped to in docs/cli.md (a terminal's width would make the page depend on who wrote it). */
const HELP_WIDTH = 110;

/**
 * The Markdown reference of every command of `program` (subcommands included, in registration order): a contents
 * list, then each command's full help (usage, arguments, options, examples) in a code block. Deterministic.
 */
export function cliReference(program: Command): string {
  const commands: { path: string; cmd: Command }[] = [];
  const walk = (cmd: Command, path: string): void => {
    commands.push({ path, cmd });
    for (const sub of cmd.commands) if (sub.name() !== 'help') walk(sub, path === '' ? sub.name() : `${path} ${sub.name()}`);
  };
  walk(program, '');
  const out = [
    '# Command line reference',
    '',
    '<!-- Generated from the commander program by `make docs` (node bin/run-ts.js docs/cli-doc.ts); do not edit.',
    '     cli/cli-doc.test.ts fails when this page is out of date with the help texts. -->',
    '',
    'Every command prints this text with `--help`. Exit codes: [exit-codes.md](exit-codes.md).',
    '',
  ];
  for (const { path, cmd } of commands.slice(1)) out.push(`- [\`hsim ${path}\`](#${anchor(path)}): ${cmd.description().split('\n')[0]}`);
  for (const { path, cmd } of commands) {
    out.push('', `## ${path === '' ? 'hsim' : `hsim ${path}`}`, '', '```text', helpText(cmd).trimEnd(), '```');
  }
  return `${out.join('\n')}\n`;
}

/** GitHub's heading anchor of `## hsim <path>`. */
function anchor(path: string): string {
  return `hsim-${path}`.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
}

/** The help `--help` prints, with the texts added before and after it (captured, not written to the terminal). */
function helpText(cmd: Command): string {
  let text = '';
  cmd.configureHelp({ helpWidth: HELP_WIDTH });
  cmd.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s), getOutHelpWidth: () => HELP_WIDTH, getErrHelpWidth: () => HELP_WIDTH });
  cmd.outputHelp();
  return text;
}

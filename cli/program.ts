// The hsim commander program: every command registered, help shown after a usage error; main.ts runs it.
import { Command } from 'commander';
import { toolVersion } from '../src/io/provenance-io.ts';
import { registerCommands } from './commands/index.ts';

/** A new hsim program with every command (commander throws instead of exiting: main.ts maps errors to exit codes). */
export function buildProgram(): Command {
  const program = new Command();
  program
    .name('hsim')
    .description('Simulate, replay and analyse size-based scheduling for message queues on real workload traces.')
    .version(toolVersion(), '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerCommands(program);
  program.addHelpText('after', '\nReference (file formats, exit codes, every option): docs/README.md in the repository.');
  return program;
}

// The hsim command line: builds the commander program from the command modules and maps errors to exit codes.
import { CommanderError } from 'commander';
import { EXIT, exitCodeOf, InputError } from '../src/errors.ts';
import { fullGc } from '../src/io/full-gc.ts';
import { buildProgram } from './program.ts';

// A closed pipe (`hsim … | head`) ends the output quietly instead of crashing.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(EXIT.ok);
  throw err;
});

const program = buildProgram();

/** Runs the command line; failures become exit codes. */
async function main(): Promise<void> {
  try {
    await program.parseAsync(process.argv);
  } catch (err) {
    process.exitCode = handleError(err);
  }
  // The work is done: collect garbage before the event loop ends, or Node 20 may hang at exit (see full-gc.ts).
  fullGc();
}

// Not a top-level await: bin/hsim.js runs this module as a CommonJS bundle (see src/io/bundle-io.js).
void main();

function handleError(err: unknown): number {
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return EXIT.ok;
    // commander has already printed its message to stderr.
    return EXIT.badInput;
  }
  const code = exitCodeOf(err);
  if (err instanceof InputError || code !== EXIT.internal) {
    process.stderr.write(`hsim: ${(err as Error).message}\n`);
  } else {
    process.stderr.write(`hsim: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  return code;
}

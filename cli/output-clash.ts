// Outputs of one command that name the same file as another output or an input, compared by resolved path.
import { resolve } from 'node:path';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import * as simMsg from '../sim/messages.ts';

/** A file a command reads or writes: the option that names it (`<trace>` for the argument), the path, whether written. */
export interface CommandFile {
  readonly option: string;
  readonly path: unknown;
  readonly written: boolean;
}

/**
 * One issue per written file whose resolved path equals that of an earlier file of `files` (an output or an input);
 * files whose path is not a string (option not given) are skipped. Paths resolve against the working directory.
 */
export function outputClashes(files: readonly CommandFile[]): string[] {
  const issues: string[] = [];
  const given = files.filter((f): f is CommandFile & { path: string } => typeof f.path === 'string');
  given.forEach((f, i) => {
    if (!f.written) return;
    // Each pair once: an output against every input, and against the outputs before it.
    const other = given.find((g, j) => j !== i && (!g.written || j < i) && resolve(g.path) === resolve(f.path));
    if (other !== undefined) issues.push(msg.sameFileTwice(f.option, other.option, f.path, other.written));
  });
  return issues;
}

/** Throws InputError (exit 2) listing every clash of `files` for `command`. */
export function refuseOutputClashes(command: string, files: readonly CommandFile[]): void {
  const issues = outputClashes(files);
  if (issues.length > 0) throw new InputError(simMsg.commandOptionProblems(command, issues.length), issues);
}

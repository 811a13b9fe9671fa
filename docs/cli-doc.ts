// Writes docs/cli.md from the commander program (`make docs`): run from the repository root with node bin/run-ts.js docs/cli-doc.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliReference } from '../cli/cli-doc.ts';
import { buildProgram } from '../cli/program.ts';

const target = join(import.meta.dirname, 'cli.md');
writeFileSync(target, cliReference(buildProgram()));
process.stdout.write(`wrote ${target}\n`);

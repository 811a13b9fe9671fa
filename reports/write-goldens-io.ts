// Regenerates reports/golden/*.vl.json from the chart builders (`make goldens`); a change is then a reviewed diff.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../src/io/atomic-io.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { goldenSpecs } from './golden-specs.ts';

/** The folder of the committed golden specs. */
export const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), 'golden');

/** Writes every golden spec as `<name>.vl.json` (stable JSON) and returns the paths written. */
export function writeGoldens(dir: string = GOLDEN_DIR): string[] {
  return Object.entries(goldenSpecs()).map(([name, spec]) => {
    const path = join(dir, `${name}.vl.json`);
    writeFileAtomic(path, stableStringify(spec));
    return path;
  });
}

// Run as a script (`node bin/run-ts.js reports/write-goldens-io.ts`): regenerate; `git diff reports/golden` shows the change.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) writeGoldens();

// The rows of a generator spec (src/config/generator-spec.ts parses and hashes it; the generators here produce it).
import type { Rng } from '../../src/rng/seeded.ts';
import { generatorHasClass, type GeneratorOptions, type GeneratorSpec } from '../../src/config/generator-spec.ts';
import type { RowRun, RowSink } from '../row-sink.ts';
import { mmcRows, type MmcOptions } from './mmc.ts';
import { parsePriorityClasses, priorityRows } from './priority.ts';
import { serverlessRows, type ServerlessOptions } from './serverless.ts';
import { prodflowRows } from './prodflow.ts';

/** Each kind's row producer for its options (defaults filled in); throws InputError (naming the CLI flag) for an out-of-range option. */
const PRODUCERS: Readonly<Record<string, (o: GeneratorOptions, rng: Rng, sink: RowSink) => RowRun>> = {
  mmc: (o, rng, sink) => mmcRows(o as unknown as MmcOptions, rng, sink),
  priority: (o, rng, sink) => priorityRows({ n: o['n'] as number, c: o['c'] as number, rho: o['rho'] as number, classes: parsePriorityClasses(o['classes'] as string) }, rng, sink),
  serverless: (o, rng, sink) => serverlessRows(o as unknown as ServerlessOptions, rng, sink),
  prodflow: (o, rng, sink) => prodflowRows({ workers: o['workers'] as number }, rng, sink),
};

/** The rows of a spec generated with `rng` and whether they carry a class. Throws InputError for an out-of-range option. */
export function generatorRows(spec: GeneratorSpec): { withClass: boolean; produce: (rng: Rng, sink: RowSink) => RowRun } {
  const produce = PRODUCERS[spec.kind]!;
  return { withClass: generatorHasClass(spec), produce: (rng, sink) => produce(spec.options, rng, sink) };
}

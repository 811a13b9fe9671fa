// `hsim generate <kind>`: streams a synthetic workload (mmc, priority, serverless, prodflow) in the common trace format.
import type { Command } from 'commander';
import { InputError, atOption } from '../../src/errors.ts';
import * as msg from '../messages.ts';
import type { RowRun, RowSink } from '../../traces/row-sink.ts';
import type { Rng } from '../../src/rng/seeded.ts';
import { DEFAULT_SEED, DEFAULT_SIZE_NOISE, MMC_DEFAULTS, PRIORITY_DEFAULTS, PRODFLOW_DEFAULTS, SERVERLESS_DEFAULTS } from '../../src/config/generator-defaults.ts';

type Raw = Record<string, string | boolean | undefined>;

/** Registers `hsim generate mmc|priority|serverless|prodflow -o <out.csv[.gz]> [--seed N] [kind options]`. */
export function registerGenerate(program: Command): void {
  const generate = program
    .command('generate')
    .description('Generate a synthetic workload trace in the common format (plus its .meta.json)')
    .addHelpText('after', '\nExample:\n  $ hsim generate mmc -o out/mmc.csv --seed 7 --c 4 --rho 0.9\n  $ hsim generate prodflow -o out/prodflow.csv.gz');

  const common = (cmd: Command): Command =>
    cmd
      .requiredOption('-o, --output <file>', 'output trace (.csv, or .csv.gz to compress)')
      .option('--seed <n>', 'seed (integer ≥ 0); same seed → same bytes', String(DEFAULT_SEED));

  common(generate.command('mmc').description('Poisson arrivals at load ρ for c workers; exponential or lognormal service'))
    .option('--n <count>', 'jobs', String(MMC_DEFAULTS.n))
    .option('--c <workers>', 'workers the load is sized for', String(MMC_DEFAULTS.c))
    .option('--rho <load>', 'offered load ρ (λ = ρ·c/E[S])', String(MMC_DEFAULTS.rho))
    .option('--mean-service-ms <ms>', 'mean service time E[S]', String(MMC_DEFAULTS.meanServiceMs))
    .option('--service <dist>', 'service distribution: exp or lognormal', MMC_DEFAULTS.service)
    .option('--sigma <s>', 'log-space sigma of the lognormal service', String(MMC_DEFAULTS.sigma))
    .option('--keys <k>', 'number of keys (uniform)', String(MMC_DEFAULTS.keys))
    .addHelpText('after', '\nExample:\n  $ hsim generate mmc -o out/mm4.csv --c 4 --rho 0.9 --service lognormal --sigma 1.5')
    .action((raw: Raw) => run('mmc', raw));

  common(generate.command('priority').description('Poisson arrivals at load ρ; labelled classes with exponential service (label in key and class)'))
    .option('--n <count>', 'jobs', String(PRIORITY_DEFAULTS.n))
    .option('--c <workers>', 'workers the load is sized for', String(PRIORITY_DEFAULTS.c))
    .option('--rho <load>', 'offered load ρ over all classes', String(PRIORITY_DEFAULTS.rho))
    .option('--classes <spec>', 'label:mean_ms:share,… (shares normalised)', PRIORITY_DEFAULTS.classes)
    .addHelpText('after', '\nExample:\n  $ hsim generate priority -o out/two-class.csv --classes short:10:0.8,long:100:0.2 --rho 0.7')
    .action((raw: Raw) => run('priority', raw));

  common(generate.command('serverless').description('Zipf-popular keys, per-key lognormal durations, diurnal arrivals'))
    .option('--n <count>', 'jobs', String(SERVERLESS_DEFAULTS.n))
    .option('--keys <k>', 'number of keys (functions)', String(SERVERLESS_DEFAULTS.keys))
    .option('--zipf <s>', 'Zipf exponent of key popularity', String(SERVERLESS_DEFAULTS.zipf))
    .option('--sigma <s>', 'log-space sigma of each key\'s durations', String(SERVERLESS_DEFAULTS.sigma))
    .option('--min-median-ms <ms>', 'smallest per-key median duration', String(SERVERLESS_DEFAULTS.minMedianMs))
    .option('--max-median-ms <ms>', 'largest per-key median duration', String(SERVERLESS_DEFAULTS.maxMedianMs))
    .option('--span-ms <ms>', 'intended arrival span (mean rate n/span)', String(SERVERLESS_DEFAULTS.spanMs))
    .option('--period-ms <ms>', 'period of the diurnal cycle', String(SERVERLESS_DEFAULTS.periodMs))
    .option('--amplitude <a>', 'relative amplitude of the diurnal rate, 0…1', String(SERVERLESS_DEFAULTS.amplitude))
    .option('--sizes', 'add size_bytes: the cost of odd-ranked keys follows it, the others\' not')
    .option('--size-noise <sigma>', `log-space sigma of cost given size, with --sizes (default ${DEFAULT_SIZE_NOISE})`)
    .addHelpText('after', '\nExample:\n  $ hsim generate serverless -o out/faas.csv.gz --n 200000 --keys 400 --zipf 1.1')
    .action((raw: Raw) => run('serverless', raw));

  common(generate.command('prodflow').description('An online shop\'s background jobs: steady 60 %, ramp, flash sale 125 %, recovery, a cost change (≈ 36k jobs, 300 s)'))
    .option('--workers <n>', 'workers the load is sized for (rates scale with it)', String(PRODFLOW_DEFAULTS.workers))
    .option('--sizes', 'add size_bytes: invoices, refunds, webhooks and reports cost in proportion to it, the others not')
    .option('--size-noise <sigma>', `log-space sigma of cost given size, with --sizes (default ${DEFAULT_SIZE_NOISE})`)
    .addHelpText('after', '\nExample:\n  $ hsim generate prodflow -o out/prodflow.csv --seed 3')
    .action((raw: Raw) => run('prodflow', raw));
}

type Kind = 'mmc' | 'priority' | 'serverless' | 'prodflow';

function num(raw: Raw, name: string): number {
  const text = String(raw[name] ?? '');
  const value = Number(text);
  const flag = `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  if (text.trim() === '' || !Number.isFinite(value)) throw new InputError(msg.notANumber(flag, text));
  return value;
}

async function run(kind: Kind, raw: Raw): Promise<void> {
  const seed = num(raw, 'seed');
  if (!Number.isSafeInteger(seed) || seed < 0) throw new InputError(msg.integerAtLeast('--seed', `"${raw.seed}"`, 0));
  const output = String(raw.output);
  if (!/\.csv(\.gz)?$/i.test(output)) throw new InputError(msg.outputNotCsv(output));
  const { createRng } = await import('../../src/rng/seeded.ts');
  const rng = createRng(seed);
  const { produce, options, withClass, withSize } = await build(kind, raw, rng);
  const { writeGenerated } = await import('../../traces/generators/generator-io.ts');
  const { metaPathFor } = await import('../../traces/trace-writer.ts');
  const { toolVersion } = await import('../../src/io/provenance-io.ts');
  const { generatedTraceMeta } = await import('../../traces/generators/generator-meta.ts');
  const n = typeof options.n === 'number' ? options.n : undefined;
  const meta = await writeGenerated(
    {
      target: output,
      columns: { size: withSize, class: withClass },
      meta: (rows) => generatedTraceMeta(kind, { n: rows }, { ...options, seed }, toolVersion()),
      ...(n === undefined ? {} : { expect: { rows: n, flag: '--n' } }),
    },
    produce,
  );
  const rows = meta.rows.kept;
  process.stderr.write(`hsim: wrote ${output} (${rows} jobs, ${meta.keys} key${meta.keys === 1 ? '' : 's'}${meta.classes === null ? '' : `, ${meta.classes} classes`}; sha256 ${meta.sha256}) and ${metaPathFor(output)}\n`);
}

/** A generator ready to run: its rows written into a sink, the options recorded in the meta, whether rows have a class. */
interface Built {
  produce: (sink: RowSink) => RowRun;
  options: Record<string, unknown>;
  withClass: boolean;
  withSize: boolean;
}

/** `--sizes [--size-noise σ]` as generator options; recorded only when given, so default meta files keep their bytes. */
function sizeOptions(raw: Raw): { sizes?: { noise: number } } {
  if (raw.sizes !== true) {
    if (raw.sizeNoise !== undefined) throw new InputError(atOption('--size-noise', `${String(raw.sizeNoise)} without --sizes`, '--sizes, which adds the size column the noise applies to'));
    return {};
  }
  return { sizes: { noise: raw.sizeNoise === undefined ? DEFAULT_SIZE_NOISE : num(raw, 'sizeNoise') } };
}

async function build(kind: Kind, raw: Raw, rng: Rng): Promise<Built> {
  switch (kind) {
    case 'mmc': {
      const { mmcRows } = await import('../../traces/generators/mmc.ts');
      const service = raw.service;
      if (service !== 'exp' && service !== 'lognormal') throw new InputError(msg.unknownServiceDistribution(String(service)));
      const options = { n: num(raw, 'n'), c: num(raw, 'c'), rho: num(raw, 'rho'), meanServiceMs: num(raw, 'meanServiceMs'), service, sigma: num(raw, 'sigma'), keys: num(raw, 'keys') } as const;
      return { produce: (sink) => mmcRows(options, rng, sink), options, withClass: false, withSize: false };
    }
    case 'priority': {
      const { priorityRows, parsePriorityClasses } = await import('../../traces/generators/priority.ts');
      const options = { n: num(raw, 'n'), c: num(raw, 'c'), rho: num(raw, 'rho'), classes: parsePriorityClasses(String(raw.classes ?? '')) };
      return { produce: (sink) => priorityRows(options, rng, sink), options, withClass: true, withSize: false };
    }
    case 'serverless': {
      const { serverlessRows } = await import('../../traces/generators/serverless.ts');
      const names = ['n', 'keys', 'zipf', 'sigma', 'minMedianMs', 'maxMedianMs', 'spanMs', 'periodMs', 'amplitude'] as const;
      const options = { ...(Object.fromEntries(names.map((k) => [k, num(raw, k)])) as Record<(typeof names)[number], number>), ...sizeOptions(raw) };
      return { produce: (sink) => serverlessRows(options, rng, sink), options, withClass: false, withSize: options.sizes !== undefined };
    }
    case 'prodflow': {
      const { prodflowRows } = await import('../../traces/generators/prodflow.ts');
      const options = { workers: num(raw, 'workers'), ...sizeOptions(raw) };
      return { produce: (sink) => prodflowRows(options, rng, sink), options, withClass: true, withSize: options.sizes !== undefined };
    }
  }
}

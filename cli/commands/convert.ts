// `hsim convert`: public trace formats to the common trace format (SPEC §4, §10).
import type { Command } from 'commander';
import { atOption, InputError } from '../../src/errors.ts';
import * as msg from '../messages.ts';
import { cliFlagHelp, converterFlags, FORMATS, resolveConverterSpec, type ConvertFlags } from '../../converters/convert-options.ts';
import { CONVERTER_FORMATS } from '../../converters/formats.ts';

/** The command's own flags beside the column flags the formats take. */
interface ConvertCliOptions {
  output?: string;
  check?: boolean;
  strict?: boolean;
  quiet?: boolean;
  gzipLevel?: string;
  threads?: string;
  [column: string]: string | boolean | undefined;
}

/** The formats with their descriptions and defaults, for the help text. */
function formatsHelp(): string {
  return CONVERTER_FORMATS.map((f) => {
    const d = Object.entries(f.defaults).map(([k, v]) => `${k} ${v}`).join(' ');
    return `  ${f.name.padEnd(11)} ${f.description}${d === '' ? '' : `\n              defaults: ${d}`}`;
  }).join('\n');
}

/** Registers `hsim convert <format> <input>`: the formats and their options come from the format table. */
export function registerConvert(program: Command): void {
  const cmd = program
    .command('convert')
    .description('convert a public trace (Azure 2021, Huawei 2025, SWF, any CSV) into the common trace format')
    .argument('<format>', FORMATS.join(' | '))
    .argument('<input>', 'input file, plain or gzip')
    .option('-o, --output <DIR/NAME.csv[.gz]>', 'output trace; NAME.meta.json and NAME.rejects.jsonl are written beside it')
    .option('--check', 'count rows (read, kept, rejected by reason) without writing; prints JSON to stdout')
    .option('--strict', 'any rejected row is an error (exit 2) and nothing is written')
    .option('--gzip-level <0-9>', 'zlib level of a .csv.gz output (default 1, fast; 6 is zlib\'s default; recorded in the meta when not 6)')
    // Parallel conversion of big plain CSV tables.
    .option('--threads <n>', 'threads converting a plain CSV table of 16 MB or more beside the one writing (default: the cores, at most 8); the same output bytes for any n (a .csv.gz of such a table is one gzip member per 8 MiB range)');
  for (const flag of converterFlags()) cmd.option(flag.spec, cliFlagHelp(flag));
  cmd
    .option('-q, --quiet', 'no summary on stderr')
    .addHelpText(
      'after',
      `
Formats:
${formatsHelp()}

Examples:
  hsim convert swf LPC-EGEE-2004-1.2-cln.swf.gz --preset lpc-egee -o traces/lpc-egee.csv.gz
  hsim convert azure2021 AzureFunctionsInvocationTraceForTwoWeeksJan2021.txt -o traces/azure2021.csv.gz
  hsim convert huawei2025 R1.csv --key-mode user-func -o traces/huawei-r1.csv.gz
  hsim convert csv jobs.csv --end finished --duration took --duration-unit s --arrival-unit s --key user,app -o out/jobs.csv
  hsim convert swf CTC-SP2-1996-3.1-cln.swf.gz --check

Every input row is counted as kept or rejected (read = kept + rejected); rejects go to NAME.rejects.jsonl with
line numbers and reasons. Exit codes: 0 ok, 2 unusable input or bad options (or any reject with --strict).`,
    )
    .action(async (format: string, input: string, opts: ConvertCliOptions) => {
      await runConvert(format, input, opts);
    });
}

/** Runs one conversion for the CLI; the summary goes to stderr, `--check` counts (JSON) to stdout. */
async function runConvert(format: string, input: string, opts: ConvertCliOptions): Promise<void> {
  const [{ convertFile }, { stableStringify }] = await Promise.all([
    import('../../converters/convert-file.ts'),
    import('../../src/json/stable-json.ts'),
  ]);
  const flags: ConvertFlags = {};
  for (const { attribute } of converterFlags()) {
    const v = opts[attribute];
    if (typeof v === 'string') flags[attribute] = v;
  }
  const spec = resolveConverterSpec(format, flags);
  if (opts.check === true && opts.output !== undefined) throw new InputError(msg.checkWithOutput());
  if (opts.check !== true && opts.output === undefined) throw new InputError(msg.convertWithoutOutput());
  let gzipLevel: number | undefined;
  if (opts.gzipLevel !== undefined) {
    gzipLevel = Number(opts.gzipLevel);
    if (!/^[0-9]$/.test(opts.gzipLevel)) throw new InputError(atOption('--gzip-level', `"${opts.gzipLevel}"`, 'a zlib level 0–9'));
  }
  // --threads.
  let threads: number | undefined;
  if (opts.threads !== undefined) {
    threads = Number(opts.threads);
    if (!/^[0-9]+$/.test(opts.threads) || threads < 1 || threads > 64) throw new InputError(atOption('--threads', `"${opts.threads}"`, 'a whole number of threads 1–64'));
  }
  const abort = new AbortController();
  const onSigint = (): void => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    const output = opts.check === true ? null : (opts.output ?? null);
    const out = await convertFile({ input, output, spec, strict: opts.strict === true, signal: abort.signal, ...(gzipLevel === undefined ? {} : { gzipLevel }), ...(threads === undefined ? {} : { threads }) });
    if (opts.check === true) {
      process.stdout.write(stableStringify(out.rows));
      return;
    }
    if (opts.quiet !== true && out.meta !== null && out.paths !== null) {
      const r = out.rows;
      const reasons = Object.entries(r.rejected_by_reason).map(([k, v]) => `${k} ${v}`).join(', ');
      process.stderr.write(`${out.paths.trace}: ${r.kept} rows kept of ${r.read} read, ${r.rejected} rejected${reasons === '' ? '' : ` (${reasons})`}; ${out.meta.keys} keys${out.passes === 2 ? ' (input not in arrival order: sorted)' : ''}\n`);
    }
    if (out.meta !== null && out.paths !== null && out.rows.kept > 1) {
      const { convertedUnitWarning } = await import('../duration-unit-warning.ts');
      const warning = await convertedUnitWarning(out.paths.trace, out.meta);
      if (warning !== null) process.stderr.write(warning);
    }
  } finally {
    process.off('SIGINT', onSigint);
  }
}

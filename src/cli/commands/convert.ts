// `hsim convert`: public trace formats to the common trace format (SPEC §4, §10).
import type { Command } from 'commander';
import { InputError } from '../../errors.ts';
import * as msg from '../../messages.ts';
import type { ConvertFlags } from '../../../converters/convert-options.ts';

/** The command's own flags beside the column flags the converters take. */
interface ConvertCliOptions extends ConvertFlags {
  output?: string;
  check?: boolean;
  strict?: boolean;
  quiet?: boolean;
}

/** Registers `hsim convert <format> <input>`. */
export function registerConvert(program: Command): void {
  program
    .command('convert')
    .description('convert a public trace (Azure 2021, Huawei 2025, SWF, any CSV) into the common trace format')
    .argument('<format>', 'azure2021 | huawei2025 | swf | csv')
    .argument('<input>', 'input file, plain or gzip')
    .option('-o, --output <DIR/NAME.csv[.gz]>', 'output trace; NAME.meta.json and NAME.rejects.jsonl are written beside it')
    .option('--check', 'count rows (read, kept, rejected by reason) without writing; prints JSON to stdout')
    .option('--strict', 'any rejected row is an error (exit 2) and nothing is written')
    .option('--preset <name>', 'swf: lpc-egee | das2-fs2 | swf (default swf)')
    .option('--arrival <col>', 'arrival column (swf: field number)')
    .option('--arrival-unit <unit>', 's | ms | us (azure2021/huawei2025: s; csv: ms)')
    .option('--end <col>', 'completion-time column; arrival = end − duration (or − --end-minus)')
    .option('--end-minus <col>', 'column subtracted from --end, in the arrival unit (huawei2025: totalCost_frontend)')
    .option('--duration <col>', 'duration column (swf: field number)')
    .option('--duration-unit <unit>', 's | ms | us')
    .option('--key <cols>', 'key column(s), comma-separated, joined by --key-join (swf: field numbers)')
    .option('--key-join <sep>', 'separator of key parts (default /; huawei2025: ---)')
    .option('--key-mode <mode>', 'huawei2025: func | user-func (userID---funcName)')
    .option('--class <col>', 'class label column (swf: field number)')
    .option('--size <col>', 'size column in bytes (huawei2025: requestBodySize)')
    .option('-q, --quiet', 'no summary on stderr')
    .addHelpText(
      'after',
      `
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
  const [{ resolveConverterSpec }, { convertFile }, { stableStringify }] = await Promise.all([
    import('../../../converters/convert-options.ts'),
    import('../../../converters/convert-file.ts'),
    import('../../json/stable-json.ts'),
  ]);
  const flags: ConvertFlags = {};
  for (const k of ['preset', 'arrival', 'arrivalUnit', 'end', 'endMinus', 'duration', 'durationUnit', 'key', 'keyJoin', 'keyMode', 'class', 'size'] as const) {
    const v = opts[k];
    if (v !== undefined) flags[k] = v;
  }
  const spec = resolveConverterSpec(format, flags);
  if (opts.check === true && opts.output !== undefined) throw new InputError(msg.checkWithOutput());
  if (opts.check !== true && opts.output === undefined) throw new InputError(msg.convertWithoutOutput());
  const abort = new AbortController();
  const onSigint = (): void => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    const output = opts.check === true ? null : (opts.output ?? null);
    const out = await convertFile({ input, output, spec, strict: opts.strict === true, signal: abort.signal });
    if (opts.check === true) {
      process.stdout.write(stableStringify(out.rows));
      return;
    }
    if (opts.quiet !== true && out.meta !== null && out.paths !== null) {
      const r = out.rows;
      const reasons = Object.entries(r.rejected_by_reason).map(([k, v]) => `${k} ${v}`).join(', ');
      process.stderr.write(`${out.paths.trace}: ${r.kept} rows kept of ${r.read} read, ${r.rejected} rejected${reasons === '' ? '' : ` (${reasons})`}; ${out.meta.keys} keys${out.passes === 2 ? ' (input not in arrival order: sorted)' : ''}\n`);
    }
  } finally {
    process.off('SIGINT', onSigint);
  }
}

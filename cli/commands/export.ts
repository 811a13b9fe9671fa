// `hsim export`: every result of a file or folder as one tidy table (Parquet, Arrow or CSV) for pandas, polars, DuckDB.
import type { Command } from 'commander';
import * as msg from '../messages.ts';

/** Registers `hsim export <results.json|dir> -o <file.parquet|.arrow|.csv>`. */
export function registerExport(program: Command): void {
  program
    .command('export')
    .description('write every result of a file or folder as one long table: trace, load, arm, seed, window, metric, value')
    .argument('<results>', 'a result file (docs/result-file.md) or a folder of them (read as hsim report reads it)')
    .requiredOption('-o, --output <file>', 'the table: .parquet, .arrow (Arrow IPC file) or .csv, by the name')
    .option('--quiet', 'no warnings on stderr')
    .addHelpText('after', `
Example:
  hsim export out/demo/results -o out/results.parquet
  python -c "import pandas as pd; print(pd.read_parquet('out/results.parquet').head())"

Rows: one per trace, load, arm, window and metric; seed is the SEED of a replicated arm arm#sSEED (arm without it),
empty otherwise; window is "all" (the whole run) or the window's index from 0; value is empty where the file has null.

Exit codes: 0 written, 2 bad input (nothing to export, an output name of another kind, an unwritable output).`)
    .action(async (input: string, opts: { output: string; quiet?: boolean }) => {
      const { exportResults } = await import('../../reports/export-results-io.ts');
      const { rows, warnings } = exportResults(input, opts.output);
      if (opts.quiet !== true) for (const w of warnings) process.stderr.write(`hsim export: warning: ${w}\n`);
      process.stderr.write(`${msg.tableWritten(opts.output, rows)}\n`);
    });
}

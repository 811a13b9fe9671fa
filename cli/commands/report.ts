// `hsim report`: charts, gate tables and provenance from a folder of result files (index.html, report.md, charts/).
import { join } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../../src/errors.ts';

/** Registers `hsim report <results-dir> -o <report-dir>`. */
export function registerReport(program: Command): void {
  program
    .command('report')
    .description('write a self-contained HTML report (and report.md with PNGs) from a folder of result files')
    .argument('<results-dir>', 'folder of result files (docs/result-file.md) and optionally a sweep.json')
    .requiredOption('-o, --output <report-dir>', 'folder to write index.html, report.md and charts/ into')
    .option('--gate <file>', 'evaluate this gate file (repeatable); default: every gate in experiments/gates/ that fits', collect, [])
    .option('--gates-dir <dir>', 'folder scanned for gate files when no --gate is given')
    .option('--sweep <file>', 'a sweep output to chart (repeatable; sweep.json in the results folder is read anyway)', collect, [])
    .option('--title <text>', 'page title')
    .option('--no-png', 'skip the PNG files (report.md then has no images)')
    .option('--tables <formats>', 'also write every table as tables/<id>.csv, .tex (LaTeX booktabs), .parquet and/or .arrow (typed columns): csv, latex, parquet, arrow, comma-separated')
    .option('--quiet', 'no warnings on stderr')
    .addHelpText('after', `
Example:
  hsim simulate trace.csv.gz --arm fifo --arm predictive+weights+pausing -o out/results/sl.json
  hsim report out/results -o out/report        # then open out/report/index.html
  hsim report out/results -o out/report --tables csv,latex   # plus tables/*.csv and tables/*.tex for a paper

Exit codes: 0 report written (warnings name the charts that could not be drawn and why), 2 nothing could be drawn or bad input.`)
    .action(async (resultsDir: string, opts: { output: string; gate: string[]; gatesDir?: string; sweep: string[]; title?: string; png: boolean; quiet?: boolean; tables?: string }) => {
      const { writeReport } = await import('../../reports/write-report-io.ts');
      const { parseTableFormats } = await import('../../reports/table-export.ts');
      const tables = opts.tables === undefined ? { formats: [] } : parseTableFormats(opts.tables);
      if ('problem' in tables) throw new InputError(tables.problem);
      const { diagnoseResultTraces } = await import('../report-diagnoses.ts');
      const written = await writeReport(resultsDir, opts.output, {
        diagnoses: await diagnoseResultTraces(resultsDir),
        gates: opts.gate,
        sweeps: opts.sweep,
        png: opts.png,
        tables: tables.formats,
        // A progress line on a terminal only: logs and pipes get the summary below.
        ...(opts.quiet !== true && process.stderr.isTTY ? { onProgress: (done: number, total: number, chart: string) => process.stderr.write(`\r\x1b[Khsim report: drawing chart ${done}/${total} (${chart})`) } : {}),
        ...(opts.gatesDir === undefined ? {} : { gatesDir: opts.gatesDir }),
        ...(opts.title === undefined ? {} : { title: opts.title }),
      });
      if (opts.quiet !== true && process.stderr.isTTY) process.stderr.write('\r\x1b[K');
      if (opts.quiet !== true) for (const w of written.warnings) process.stderr.write(`hsim report: warning: ${w}\n`);
      process.stdout.write(`${written.indexHtml}\n`);
      if (written.tableFiles.length > 0) process.stderr.write(`hsim report: ${written.tableFiles.length} table files in ${join(opts.output, 'tables')}\n`);
      process.stderr.write(`hsim report: ${written.drawn.length} charts drawn${written.notDrawn.length > 0 ? `, ${written.notDrawn.length} not drawn (${written.notDrawn.join(', ')})` : ''}\n`);
    });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

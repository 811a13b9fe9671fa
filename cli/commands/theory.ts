// `hsim theory`: closed-form queueing tables (Erlang C, Cobham's priority waits vs FIFO) from analysis/theory.
import type { Command } from 'commander';
import * as msg from '../messages.ts';

/** Registers `hsim theory [--json] [--c N --rho X]`. */
export function registerTheory(program: Command): void {
  program
    .command('theory')
    .description('print closed-form tables: Erlang C (M/M/c) and the priority-vs-FIFO mean-wait ratios (Cobham)')
    .option('--json', 'print the tables as JSON')
    .option('--c <servers>', 'Erlang C for this many servers (with --rho: one line)')
    .option('--rho <load>', 'per-server load in (0, 1) for the Erlang C line')
    .addHelpText('after', '\nExamples:\n  hsim theory\n  hsim theory --c 64 --rho 0.8\n  hsim theory --json')
    .action(async (opts: { json?: boolean; c?: string; rho?: string }) => {
      const { atOption, InputError } = await import('../../src/errors.ts');
      const { theoryTables, formatTheoryTables, DEFAULT_ERLANG_GRID } = await import('../../analysis/theory/theory-tables.ts');
      const { stableStringify } = await import('../../src/json/stable-json.ts');
      const issues: string[] = [];
      let servers: readonly number[] = DEFAULT_ERLANG_GRID.servers;
      let loads: readonly number[] = DEFAULT_ERLANG_GRID.loads;
      if (opts.c !== undefined) {
        const c = Number(opts.c);
        if (!(Number.isInteger(c) && c >= 1 && c <= 100000)) issues.push(atOption('--c', JSON.stringify(opts.c), 'an integer number of servers 1..100000'));
        else servers = [c];
      }
      if (opts.rho !== undefined) {
        const rho = Number(opts.rho);
        if (!(rho > 0 && rho < 1)) issues.push(atOption('--rho', JSON.stringify(opts.rho), 'a per-server load strictly between 0 and 1'));
        else loads = [rho];
      }
      if (issues.length > 0) throw new InputError(msg.badOptions(issues), issues);
      const tables = theoryTables(servers, loads);
      process.stdout.write(opts.json === true ? stableStringify(tables) : formatTheoryTables(tables));
    });
}

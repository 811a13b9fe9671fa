// `hsim sweep-summary`: the paper's Table 12 from one or more sweep.json files (one per gate over the same sweep).
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';

/** Registers `hsim sweep-summary <sweep.json…> [--json]`. */
export function registerSweepSummary(program: Command): void {
  program
    .command('sweep-summary')
    .description('per parameter and gate: "robust" or "flips at V1, V2", and variants passing n of N (every gate of each sweep.json)')
    .argument('<sweep-json...>', 'sweep.json files written by hsim sweep (a sweep with "gates" holds several)')
    .option('--json', 'print the rows as JSON')
    .addHelpText('after', `
Example:
  hsim sweep experiments/sensitivity.json --unfrozen -o out/sA && hsim sweep-summary out/sA/sweep.json out/sB/sweep.json`)
    .action(async (files: string[], opts: Record<string, unknown>) => {
      const { InputError, atLocation } = await import('../../src/errors.ts');
      const { formatSweepSummary, summarizeSweep } = await import('../../analysis/sweep-summary.ts');
      const gates = new Map<string, { trace: string; load: string; variant: string; passed: boolean }[]>();
      const issues: string[] = [];
      for (const f of files) {
        let json: unknown;
        try {
          json = JSON.parse(readFileSync(f, 'utf8'));
        } catch (err) {
          issues.push(atLocation(f, undefined, `not readable as JSON (${(err as Error).message})`, 'a sweep.json written by hsim sweep'));
          continue;
        }
        const s = json as { gate?: unknown; verdicts?: unknown; gates?: unknown };
        // A sweep of several gates lists each under `gates`; one of a single gate has them at the top.
        const judged: unknown[] = Array.isArray(s.gates) ? s.gates : [s];
        judged.forEach((g, i) => {
          const j = g as { gate?: unknown; verdicts?: unknown };
          if (typeof j.gate !== 'string' || !Array.isArray(j.verdicts)) {
            issues.push(atLocation(f, undefined, `no "gate" string and "verdicts" list${Array.isArray(s.gates) ? ` in gates[${i}]` : ''}`, 'a sweep.json written by hsim sweep'));
            return;
          }
          const list = gates.get(j.gate) ?? [];
          list.push(...(j.verdicts as { trace: string; load: string; variant: string; passed: boolean }[]));
          gates.set(j.gate, list);
        });
      }
      if (issues.length > 0) throw new InputError(issues.length === 1 ? issues[0]! : `${issues.length} problems with the sweep files`, issues);
      let rows;
      try {
        rows = summarizeSweep(gates);
      } catch (err) {
        if (err instanceof RangeError) throw new InputError(`${files.join(', ')}: ${err.message}; expected every trace and load to have the base variant`);
        throw err;
      }
      process.stdout.write(opts['json'] === true ? `${JSON.stringify(rows, null, 1)}\n` : formatSweepSummary(rows));
    });
}

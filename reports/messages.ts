// User-facing texts of hsim report: inputs, tables, figures.
// One named function per message; the texts several floors share are in src/messages.ts.
import { atLocation } from '../src/errors.ts';

/** `hsim report` given a results path that is not a folder. */
export function resultsFolderMissing(dir: string): string {
  return atLocation(dir, undefined, 'not found or not a folder', 'a folder of result files (hsim simulate -o <dir>/x.json)');
}
/** A report input that is not JSON, skipped (`sweep`: it was named as a sweep output). */
export function reportInputNotJson(file: string, why: string, sweep: boolean): string {
  return atLocation(file, undefined, `skipped: not readable as JSON (${why})`, sweep ? 'a sweep output (sweep.json)' : 'a result file (docs/result-file.md)');
}
/** A sweep output that does not parse, skipped. */
export function reportSweepInvalid(file: string, issues: readonly string[]): string {
  return `${file}: skipped: not a valid sweep output: ${issues.join('; ')}`;
}
/** A result file that does not parse, skipped (the first five issues shown). */
export function reportResultInvalid(file: string, issues: readonly string[]): string {
  return `${file}: skipped: not a valid result file: ${issues.slice(0, 5).join('; ')}${issues.length > 5 ? `; and ${issues.length - 5} more` : ''}`;
}
/** A results folder without any result file or sweep output. */
export function reportNoResults(dir: string): string {
  return atLocation(dir, undefined, 'no result files (docs/result-file.md) or sweep outputs found', 'a folder holding `hsim simulate -o` result files or a sweep.json');
}
/** Results from which no chart can be drawn. */
export function reportNoChart(dir: string): string {
  return `${dir}: no chart can be drawn from these results`;
}
/** Headline of a report that has nothing to show (`what`: why). */
export function nothingToReport(what: string): string {
  return `${what}; nothing to report`;
}
/** A gate for another trace than the results' (both hashes shortened to 12 digits). */
export function gateForOtherTrace(gateId: string, gateSha256: string, traceSha256: string | null): string {
  return `gate ${gateId} is for trace ${gateSha256.slice(0, 12)}…, the results are of trace ${(traceSha256 ?? 'unknown').slice(0, 12)}…`;
}
/** A gate that fits none (or, naming its loads, not all) of a trace's loads (`skipped`: why, per load). */
export function gateDoesNotFit(gateId: string, trace: string, skipped: readonly string[]): string {
  return `gate ${gateId} does not fit ${trace}: ${skipped.join('; ')}`;
}
/** A load a gate names that the results lack (a reason the gate does not fit). */
export function fitLoadAbsent(load: string): string {
  return `load ${load}: absent from the results`;
}
/** A load without some arm a gate needs (a reason the gate does not fit). */
export function fitArmsMissing(load: string, arms: readonly string[]): string {
  return `load ${load}: no arm ${arms.join(', ')}`;
}
/** A load with other window counts than the gate pre-registers (a reason the gate does not fit). */
export function fitWindowCounts(load: string, counts: readonly number[], registered: number): string {
  return `load ${load}: ${counts.join('/')} windows, the gate pre-registers ${registered}`;
}

/** report.md's note under "Charts" when `hsim report --no-png` skipped the PNGs (the charts then show their SVGs). */
export function reportPngsSkipped(): string {
  return 'PNG files skipped on request (--no-png): each chart is shown from its SVG file.';
}

/** `hsim export` found nothing to export. */
export function exportNothing(input: string): string {
  return atLocation(input, undefined, 'holds no results to export', 'a result file (docs/result-file.md) or a folder of them');
}
/** A `--tables` value naming no known table format. */
export function tableFormatsInvalidTyped(text: string): string {
  return `--tables: found ${JSON.stringify(text)}; expected csv, latex, parquet or arrow, or several comma-separated (csv,latex)`;
}


// User-facing texts that several floors share, one named function per message (vega-lite's src/log/message.ts is
// the model). A message used by one floor lives in that floor's messages.ts (sim/messages.ts, replay/messages.ts, …),
// so a feature edits its own room; a message moves here only when floors that cannot import each other share it.
// Throw sites call these instead of writing texts inline, so a message is worded once, found by name, and tested
// where it is used. The location builders (atLocation, atOption, atPath) live in errors.ts beside the error types.
import { atLocation, atOption } from './errors.ts';

/** Predictor parameters are wrong: the one problem, or a headline over several. */
export function invalidPredictorParams(issues: readonly string[]): string {
  return issues.length === 1 ? issues[0]! : 'invalid predictor parameters';
}

/** A predictor snapshot file that cannot be read (`code`: the system error code, or the error's text). */
export function snapshotUnreadable(file: string, code: string): string {
  return atLocation(file, undefined, code === 'ENOENT' ? 'found no such file' : `could not be read (${code})`, 'a predictor snapshot file');
}
/** An output that cannot be written for a reason the user can fix (a full disk, no permission); nothing was written. */
export function outputNotWritable(target: string, why: string, code: string): string {
  return `cannot write ${target}: ${why} (${code}); nothing was written there`;
}

/** Submit with a level the queue does not have. */
export function levelOutOfRange(level: number, levels: number): string {
  return `level ${level}; expected 0 … ${levels - 1}`;
}
/** A single number written with a decimal comma (`--fraction 0,3`). */
export function decimalComma(where: string, text: string, meant: string, expected: string): string {
  return `${where}: "${text}"; expected ${expected} (did you mean ${meant}? decimals use a point)`;
}
/** A typed-table output (`--by-key-out`, `--series-out`, `export -o`) whose name is not one of the formats. */
export function tableOutputNameInvalid(option: string, file: string): string {
  return atOption(option, `"${file}"`, 'a file name ending .parquet, .arrow or .csv', 'the ending chooses the format');
}

// A numeric option or field read from text, checked against its documented range (src/input-ranges.ts).
import { INPUT_RANGES, inRange, rangeText, type RangedInput } from '../input-ranges.ts';
import * as msg from '../messages.ts';

/** `0,3` read as 0.3 (one comma between digits), or null. */
export function decimalCommaNumber(text: string): number | null {
  const m = /^\s*(\d+),(\d+)\s*$/.exec(text);
  return m === null ? null : Number(`${m[1]!}.${m[2]!}`);
}

/**
 * Parses a numeric option within its documented range (src/input-ranges.ts; whole where the range says so); pushes
 * an issue when it is not.
 */
export function parseInteger(text: string, where: string, range: RangedInput, issues: string[]): number {
  const r = INPUT_RANGES[range];
  const v = Number(text);
  if (text.trim() === '' || !inRange(r, v)) {
    const meant = r.integer ? null : decimalCommaNumber(text);
    issues.push(meant !== null && inRange(r, meant) ? msg.decimalComma(where, text, String(meant), rangeText(r)) : `${where}: "${text}"; expected ${rangeText(r)}`);
    return r.min;
  }
  return v;
}

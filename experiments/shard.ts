// `--shard i/n`: which cells one machine of n runs (every n-th cell of the stable order, 1-based i).
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';

/** A shard: number i of n, 1 ≤ i ≤ n. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Parses `i/n` (1-based, e.g. `1/4` … `4/4`). Throws InputError naming the option. */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const i = m ? Number(m[1]) : Number.NaN;
  const n = m ? Number(m[2]) : Number.NaN;
  if (!m || n < 1 || i < 1 || i > n) throw new InputError(msg.badShard(text));
  return { index: i, count: n };
}

/** The items of shard i/n: positions p with p mod n = i − 1. */
export function shardItems<T>(items: readonly T[], shard: Shard): T[] {
  return items.filter((_, p) => p % shard.count === shard.index - 1);
}

// Reading by_key and series from an arm result: the values as written, null when absent, issues when malformed.
import { describe, expect, it } from 'vitest';
import { parseByKey, parseSeries } from './probe-results-read.ts';

describe('parseByKey', () => {
  it('reads every key and is null when absent', () => {
    const issues: string[] = [];
    expect(parseByKey({ k: { count: 2, mean_wait_ms: 1.5, mean_latency_ms: 4 } }, 'f', issues)).toEqual({ k: { count: 2, meanWaitMs: 1.5, meanLatencyMs: 4 } });
    expect(parseByKey(undefined, 'f', issues)).toBeNull();
    expect(issues).toEqual([]);
  });
  it('drops a malformed by_key with a located issue', () => {
    const issues: string[] = [];
    expect(parseByKey([1], 'f → by_key', issues)).toBeNull();
    expect(parseByKey({ k: { count: 1, mean_wait_ms: null, mean_latency_ms: 1 } }, 'f → by_key', issues)).toBeNull();
    expect(issues).toEqual([expect.stringMatching(/^f → by_key: found an array/), expect.stringMatching(/^f → by_key\.k: found/)]);
  });
});

describe('parseSeries', () => {
  it('reads instants, busy workers and per-level arrays', () => {
    const issues: string[] = [];
    const s = parseSeries({ at_ms: [1, 2], busy: [0, 1], waiting: [[0, 1]], promoted_share: [[0, 0]] }, 'f', issues);
    expect(s).toEqual({ atMs: [1, 2], busy: [0, 1], waiting: [[0, 1]], promotedShare: [[0, 0]] });
    expect(issues).toEqual([]);
  });
  it('drops a series whose levels disagree with its instants', () => {
    const issues: string[] = [];
    expect(parseSeries({ at_ms: [1, 2], busy: [0, 1], waiting: [[0]], promoted_share: [[0]] }, 'f → series', issues)).toBeNull();
    expect(parseSeries({ at_ms: [], busy: [], waiting: [], promoted_share: [] }, 'f → series', issues)).toBeNull();
    expect(issues).toHaveLength(2);
    expect(issues[0]).toMatch(/^f → series: waiting and promoted_share: expected one array of 2 numbers per level/);
  });
});

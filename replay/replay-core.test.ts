// The pure parts of replay: broker URLs, what each broker can run, the wall-clock plan, validity, and compare.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { parseBrokerUrl } from './broker-url.ts';
import { armUnsupportedReason } from './broker-capability.ts';
import { buildReplayPlan, planWork } from './replay-plan.ts';
import { invalidReasons, summariseLateness } from './replay-validity.ts';
import { compareResults, formatCompareTable, formatCompareTables } from './compare.ts';
import { METRIC_NAMES } from '../src/result/metric-names.ts';

describe('parseBrokerUrl', () => {
  it('parses the three kinds, hiding the password in the display form', () => {
    expect(parseBrokerUrl('amqp://guest:secret@127.0.0.1:27672')).toMatchObject({ kind: 'amqp', port: 27672, url: 'amqp://guest:secret@127.0.0.1:27672', display: 'amqp://127.0.0.1:27672' });
    expect(parseBrokerUrl('rabbitmq://h')).toMatchObject({ kind: 'amqp', port: 5672 });
    expect(parseBrokerUrl('redis://127.0.0.1:26379/2')).toMatchObject({ kind: 'redis', port: 26379, url: 'redis://127.0.0.1:26379/2' });
    expect(parseBrokerUrl('harbinger://127.0.0.1:27051')).toMatchObject({ kind: 'harbinger', host: '127.0.0.1', port: 27051 });
  });
  it('refuses malformed URLs with the option name', () => {
    expect(() => parseBrokerUrl('localhost:5672')).toThrow(InputError);
    expect(() => parseBrokerUrl('http://h:1')).toThrow(/option --broker: scheme "http"/);
    expect(() => parseBrokerUrl('redis://h:1/queue')).toThrow(/path "\/queue"/);
    expect(() => parseBrokerUrl('harbinger://h:1/x')).toThrow(/no path/);
  });
});

describe('armUnsupportedReason', () => {
  const arm = { text: 'a', perKeyQueues: false, weighted: false, aging: false, pausing: false };
  it('lets RabbitMQ and BullMQ run strict priority without aging, and Harbinger everything on levels', () => {
    expect(armUnsupportedReason('amqp', arm)).toBeNull();
    expect(armUnsupportedReason('redis', arm)).toBeNull();
    expect(armUnsupportedReason('harbinger', { ...arm, weighted: true, aging: true, pausing: true })).toBeNull();
  });
  it('names the missing feature', () => {
    expect(armUnsupportedReason('amqp', { ...arm, aging: true })).toMatch(/RabbitMQ cannot do/);
    expect(armUnsupportedReason('redis', { ...arm, weighted: true })).toMatch(/weighted shares, which BullMQ/);
    expect(armUnsupportedReason('harbinger', { ...arm, perKeyQueues: true })).toMatch(/one queue per key/);
  });
});

describe('buildReplayPlan', () => {
  it('divides compressed arrivals and durations by the time scale', () => {
    // Hand-computed: arrivals 100, 300, 700 ms with compress 2 → 0, 100, 300 ms; / X = 4 → 0, 25, 75 ms.
    const p = buildReplayPlan(Float64Array.of(0, 100, 300, 700), Float64Array.of(9, 8, 40, 4), 1, 3, 2, 4);
    expect(Array.from(p.arrivalWall)).toEqual([0, 25, 75]);
    expect(Array.from(p.durationWall)).toEqual([2, 10, 1]);
    expect(planWork(p)).toBe(13);
  });
  it('refuses a time scale ≤ 0', () => {
    expect(() => buildReplayPlan(new Float64Array(1), new Float64Array(1), 0, 1, 1, 0)).toThrow(/time scale 0/);
  });
});

describe('validity', () => {
  it('summarises lateness by nearest rank', () => {
    const l = Float64Array.from({ length: 100 }, (_, i) => i / 10); // 0.0 … 9.9
    expect(summariseLateness(l)).toEqual({ p50_ms: 4.9, p99_ms: 9.8, max_ms: 9.9 });
    expect(summariseLateness(new Float64Array(0))).toEqual({ p50_ms: 0, p99_ms: 0, max_ms: 0 });
  });
  it('a complete, on-time run is valid; failures, lost, dead-lettered and late runs are not', () => {
    const ok = { expected: 3, completed: 3, deadLettered: 0, lateness: Float64Array.of(0, 1, 2), failures: [] };
    expect(invalidReasons(ok, 10)).toEqual([]);
    const bad = invalidReasons({ expected: 5, completed: 2, deadLettered: 1, lateness: Float64Array.of(0, 50), failures: ['connection closed'] }, 10);
    expect(bad).toEqual([
      'broker failure: connection closed',
      '2 of 5 messages never completed (lost)',
      '1 messages were dead-lettered',
      'producer lateness p99 50.00 ms is above the bound 10 ms',
    ]);
  });
});

describe('compareResults', () => {
  // Result files as the one reader accepts them: every metric present (0 but the mean), no windows.
  const arm = (mean: number): Record<string, unknown> => ({ all: { ...Object.fromEntries(METRIC_NAMES.map((n) => [n, 0])), mean_latency_ms: mean }, windows: [] });
  const file = (fifo: number, other: number, replay?: unknown): Record<string, unknown> => ({
    ...(replay === undefined ? {} : { replay }),
    results: { '0.8': { arms: { fifo: arm(fifo), 'oracle+no-aging': arm(other) } } },
  });
  it('pairs arms and computes the change vs FIFO and the gap in points', () => {
    const issues: string[] = [];
    // Hand-computed: sim −20 %, replay −10 % → gap +10 points; replay/sim of the arm 90/80 − 1 = +12.5 %.
    const rows = compareResults(file(100, 80), file(100, 90, { valid: true }), 's', 'r', issues);
    expect(issues).toEqual([]);
    expect(rows[1]).toMatchObject({ arm: 'oracle+no-aging', sim_change_pct: -20, replay_change_pct: -10, gap_points: 10, mean_diff_pct: 12.5 });
    expect(rows[0]).toMatchObject({ arm: 'fifo', gap_points: null });
    expect(formatCompareTable(rows)).toMatch(/oracle\+no-aging .* -20\.0 % .* -10\.0 % .* 10\.0/);
  });
  it('sets several simulations beside one replay: its change once, then each simulation\'s mean, change and gap', () => {
    // Hand-computed: replay −10 %; [1] sim −20 % → gap +10; [2] sim −8 % (mean 92/100 → replay/sim 90/92 − 1 = −2.2 %) → gap −2.
    const replay = file(100, 90, { valid: true });
    const sets = [
      { name: 'sim.json (a core per worker)', rows: compareResults(file(100, 80), replay, 's1', 'r', []) },
      { name: 'simc.json (cores 2)', rows: compareResults(file(100, 92), replay, 's2', 'r', []) },
    ];
    const text = formatCompareTables(sets);
    expect(text).toMatch(/oracle\+no-aging +90\.00 +-10\.0 % +80\.00 +\+12\.5 % +-20\.0 % +10\.0 +92\.00 +-2\.2 % +-8\.0 % +-2\.0\n/);
    expect(text).toContain('[2] simc.json (cores 2)');
    expect(formatCompareTables(sets.slice(0, 1))).toBe(formatCompareTable(sets[0]!.rows));
  });
  it('refuses an invalid replay and a simulation without the arm', () => {
    const issues: string[] = [];
    expect(compareResults(file(1, 1), file(1, 1, { valid: false, reasons: ['lost'] }), 's', 'r', issues)).toEqual([]);
    expect(issues[0]).toMatch(/r → replay.valid: found false \(lost\)/);
    const issues2: string[] = [];
    compareResults({ results: {} }, file(1, 1, { valid: true }), 's', 'r', issues2);
    expect(issues2[0]).toMatch(/s → results.0.8.arms.fifo: missing/);
    const issues3: string[] = [];
    const noP99 = file(1, 1);
    delete ((noP99['results'] as Record<string, { arms: Record<string, { all: Record<string, unknown> }> }>)['0.8']!.arms['fifo']!.all)['p99_latency_ms'];
    compareResults(noP99, file(1, 1, { valid: true }), 's', 'r', issues3);
    expect(issues3).toEqual(['s → results.0.8.arms.fifo.all.p99_latency_ms: nothing; expected a finite number or null (every metric of docs/result-file.md)']);
  });
});

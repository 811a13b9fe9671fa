// Broker throughput: messages/s through the Harbinger broker (Submit, then Pull with the ack piggybacked) on loopback,
// against the same run's rate of bare unary calls (Stats) at the same concurrency: the cost of the queue's own work.
// A second argument `tls` runs everything over TLS (a throwaway certificate from the openssl CLI).
import { startHarbingerBroker } from '../broker/harbinger-server.ts';
import { makeThrowawayCert } from '../broker/throwaway-cert-io.ts';
import { HarbingerClient } from '../replay/harbinger-client.ts';

const N = Number(process.argv[2] ?? '6000');
const CONSUMERS = 8;
const cert = process.argv[3] === 'tls' ? makeThrowawayCert() : null;
if (process.argv[3] === 'tls' && cert === null) throw new Error('broker-bench tls: the openssl CLI is missing');

const broker = await startHarbingerBroker({ listen: '127.0.0.1:0', snapshot: null, tls: cert === null ? null : { cert: cert.cert, key: cert.key } });
const c = new HarbingerClient(`127.0.0.1:${broker.port}`, null, cert?.cert ?? null);
await c.ready(10_000);

/** Runs `calls` async calls in `width` lanes (one call in flight per lane); returns calls per second. */
async function rate(calls: number, width: number, one: (i: number, lane: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: width }, async (_, lane) => {
    while (next < calls) await one(next++, lane);
  }));
  return calls / ((performance.now() - t0) / 1000);
}

const best = (xs: number[]): number => Math.max(...xs);
const bare: number[] = [];
const submit: number[] = [];
const consume: number[] = [];
for (let round = 0; round < 3; round++) {
  const q = `bench-${round}`;
  await c.createQueue({ queue: q, levels: 3, weights: [8, 3, 1], aging_ms: 5000, aging_interval_ms: 500, pausing: true, predictive: true, lease_ms: 60_000, max_retries: 0 });
  bare.push(await rate(N, CONSUMERS, () => c.stats(q)));
  submit.push(await rate(N, CONSUMERS, (i) => c.submit(q, `m${i}`, `k${i % 50}`, -1, 0)));
  // Each consumer acknowledges its previous delivery inside its next Pull, as the replay's consumers do.
  const held: ({ token: string; durationMs: number } | null)[] = Array.from({ length: CONSUMERS }, () => null);
  consume.push(await rate(N, CONSUMERS, async (_, me) => {
    const d = await c.pull(q, 1000, held[me]!);
    held[me] = d.found ? { token: d.token, durationMs: 1 + (d.id.length % 7) } : null;
  }));
  for (const h of held) if (h !== null) await c.ack(q, h.token, h.durationMs);
  await c.deleteQueue(q);
}
c.close();
await broker.close();
cert?.remove();
const b = best(bare);
process.stdout.write(
  `broker${cert === null ? '' : ' over TLS'}, ${N} messages, ${CONSUMERS} in flight, best of 3: submit ${best(submit).toFixed(0)}/s, pull+ack ${best(consume).toFixed(0)} messages/s ` +
    `(one call each); bare unary call ${b.toFixed(0)}/s, same run → submit ratio ${(best(submit) / b).toFixed(2)}, pull+ack ratio ${(best(consume) / b).toFixed(2)}\n`,
);

// Broker TLS end to end: certificate checks, a round trip over TLS, and clear errors when one side has no TLS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarbingerClient } from '../replay/harbinger-client.ts';
import { HarbingerAdapter } from '../replay/harbinger-adapter.ts';
import { parseBrokerUrl } from '../replay/broker-url.ts';
import type { QueueSetup } from '../replay/broker-adapter.ts';
import { certificatePairProblem, certificateProblem } from './broker-tls.ts';
import { startHarbingerBroker, type RunningBroker } from './harbinger-server.ts';
import { makeThrowawayCert, type ThrowawayCert } from './throwaway-cert-io.ts';

// Made at test time: a private key is never committed. null when the openssl CLI is missing.
const cert = makeThrowawayCert();
const other = cert === null ? null : makeThrowawayCert();

const setup: QueueSetup = {
  queue: 'tls-q', levels: 3, priorities: true, weights: null, agingMs: null, agingIntervalMs: 500, pausing: false,
  brokerPredicts: false, predictorOverrides: {}, predictorSnapshot: null, routeDefault: false, timeScale: 1,
};

describe.skipIf(cert === null)('broker TLS (throwaway certificate from the openssl CLI)', () => {
  const c = cert as ThrowawayCert;
  let tlsBroker: RunningBroker;
  let plainBroker: RunningBroker;
  beforeAll(async () => {
    tlsBroker = await startHarbingerBroker({ listen: '127.0.0.1:0', snapshot: null, token: 's3cret', tls: { cert: c.cert, key: c.key } });
    plainBroker = await startHarbingerBroker({ listen: '127.0.0.1:0', snapshot: null });
  });
  afterAll(async () => {
    await tlsBroker.close();
    await plainBroker.close();
    c.remove();
    other?.remove();
  });

  it('accepts a certificate and its key, and names what is wrong otherwise', () => {
    expect(certificateProblem(c.cert)).toBeNull();
    expect(certificateProblem(Buffer.from('hello'))).toMatch(/^not a PEM certificate/);
    expect(certificatePairProblem(c.cert, c.key)).toBeNull();
    expect(certificatePairProblem(c.cert, other!.key)).toEqual({ option: 'key', problem: 'not the private key of the certificate (subject CN=localhost)' });
    expect(certificatePairProblem(c.key, c.key)?.option).toBe('cert');
    expect(certificatePairProblem(c.cert, c.cert)?.option).toBe('key');
  });

  it('runs submit, pull and ack over TLS with the token', async () => {
    const client = new HarbingerClient(`127.0.0.1:${tlsBroker.port}`, 's3cret', c.cert);
    try {
      await client.ready(10_000);
      await client.createQueue({ queue: 'rt', levels: 3, weights: [8, 3, 1], aging_ms: 5000, aging_interval_ms: 500, lease_ms: 60_000, max_retries: 1 });
      await client.submit('rt', 'm1', 'k', 0, 3);
      const d = await client.pull('rt', 0);
      expect(d).toMatchObject({ found: true, id: 'm1', key: 'k', level: 0 });
      await client.ack('rt', d.token, 3);
      expect(await client.stats('rt')).toMatchObject({ submitted: 1, completed: 1, waiting: 0, in_flight: 0 });
    } finally {
      client.close();
    }
  });

  it('a client that trusts another certificate does not connect', async () => {
    const client = new HarbingerClient(`127.0.0.1:${tlsBroker.port}`, 's3cret', other!.cert);
    try {
      await expect(client.ready(1500)).rejects.toThrow();
    } finally {
      client.close();
    }
  });

  it('a plaintext client against the TLS broker fails with an error that says to pass --tls-ca', async () => {
    const a = new HarbingerAdapter(parseBrokerUrl(`harbinger://127.0.0.1:${tlsBroker.port}`), { leaseMs: 60_000, maxRetries: 1, useSnapshot: false, tlsCa: null });
    await expect(a.open(setup)).rejects.toThrow(
      `option --broker: harbinger://127.0.0.1:${tlsBroker.port} speaks TLS (it was started with --tls-cert) and this client connected in plaintext; expected the broker certificate's CA as --tls-ca FILE`,
    );
  });

  it('a TLS client against a plaintext broker fails with an error that says to drop --tls-ca', async () => {
    const a = new HarbingerAdapter(parseBrokerUrl(`harbinger://127.0.0.1:${plainBroker.port}`), { leaseMs: 60_000, maxRetries: 1, useSnapshot: false, tlsCa: c.cert });
    await expect(a.open(setup)).rejects.toThrow(/^option --tls-ca: given, but harbinger:\/\/127\.0\.0\.1:\d+ answers in plaintext/);
  });
});

// Registered only when the tests above cannot run, so a run with openssl (CI) counts no skip for it.
if (cert === null) {
  describe('broker TLS', () => {
    it.skip('skipped: the openssl CLI is missing, so no throwaway certificate can be made (CI installs it: .ci/run)', () => undefined);
  });
}

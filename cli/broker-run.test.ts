// `hsim broker` start-up checks: the listen address, unauthenticated exposure and the capacity options.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { makeThrowawayCert } from '../broker/throwaway-cert-io.ts';
import { parseListen, readBrokerTls, runBrokerCommand } from './broker-run.ts';

describe('parseListen', () => {
  it('parses host:port, port 0 included', () => {
    expect(parseListen('127.0.0.1:0')).toEqual({ host: '127.0.0.1', port: 0 });
  });
  it('refuses a missing or too large port', () => {
    expect(() => parseListen('127.0.0.1')).toThrow(/option --listen/);
    expect(() => parseListen('127.0.0.1:70000')).toThrow(InputError);
  });
});

describe('runBrokerCommand', () => {
  it('refuses a non-loopback address without a token, before listening', async () => {
    const saved = process.env.HSIM_BROKER_TOKEN;
    delete process.env.HSIM_BROKER_TOKEN;
    try {
      await expect(runBrokerCommand({ listen: '0.0.0.0:0' })).rejects.toThrow(/option --listen: 0\.0\.0\.0 is reachable from other machines and the broker has no token/);
    } finally {
      if (saved !== undefined) process.env.HSIM_BROKER_TOKEN = saved;
    }
  });
  it('refuses a capacity outside its range, naming the option', async () => {
    await expect(runBrokerCommand({ listen: '127.0.0.1:0', maxQueueMessages: '0' })).rejects.toThrow(/option --max-queue-messages: "0"; expected an integer from 1 to 10000000/);
    await expect(runBrokerCommand({ listen: '127.0.0.1:0', maxQueueBytes: '1e99' })).rejects.toThrow(/option --max-queue-bytes/);
  });
  it('refuses a queue count or memory budget outside its range, naming the option', async () => {
    await expect(runBrokerCommand({ listen: '127.0.0.1:0', maxQueues: '0' })).rejects.toThrow(/option --max-queues: "0"; expected an integer from 1 to 100000/);
    await expect(runBrokerCommand({ listen: '127.0.0.1:0', maxMemoryBytes: '1000' })).rejects.toThrow(/option --max-memory-bytes: "1000"; expected an integer from 1048576 to/);
  });
});

describe('readBrokerTls', () => {
  it('is null without TLS options and refuses one of the two alone', () => {
    expect(readBrokerTls({})).toBeNull();
    expect(() => readBrokerTls({ tlsCert: 'c.pem' })).toThrow('option --tls-key: none given with --tls-cert; expected both --tls-cert FILE and --tls-key FILE (PEM), or neither');
    expect(() => readBrokerTls({ tlsCert: '/nonexistent/c.pem', tlsKey: '/nonexistent/k.pem' })).toThrow(/^option --tls-cert: cannot read \/nonexistent\/c\.pem \(ENOENT\)/);
  });
  const a = makeThrowawayCert();
  const b = a === null ? null : makeThrowawayCert();
  it.skipIf(a === null)('reads a matching pair, refuses a key of another certificate, and a token without TLS on a non-loopback address', async () => {
    try {
      expect(readBrokerTls({ tlsCert: a!.certFile, tlsKey: a!.keyFile })).toEqual({ cert: a!.cert, key: a!.key });
      expect(() => readBrokerTls({ tlsCert: a!.certFile, tlsKey: b!.keyFile })).toThrow(/^option --tls-key: .*key\.pem is not the private key of the certificate/);
      await expect(runBrokerCommand({ listen: '0.0.0.0:0', token: 't' })).rejects.toThrow(/option --listen: 0\.0\.0\.0 is reachable from other machines and the broker has a token but no TLS/);
    } finally {
      a?.remove();
      b?.remove();
    }
  });
});

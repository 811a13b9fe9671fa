// Checks that a broker's TCP port accepts connections before a run starts (an unreachable broker is bad input), and
// whether it answers a TLS handshake (to explain a client whose TLS setting does not match the broker's).
import { connect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import type { BrokerAddress } from './broker-url.ts';

/** Resolves when host:port accepts a TCP connection within `timeoutMs`; else throws InputError (exit 2). */
export function probeBroker(addr: BrokerAddress, timeoutMs = 3000): Promise<void> {
  return new Promise((resolve, reject) => {
    const sock = connect({ host: addr.host, port: addr.port });
    const fail = (why: string): void => {
      sock.destroy();
      reject(new InputError(msg.brokerUnreachable(addr.display, why)));
    };
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs);
    sock.once('connect', () => {
      clearTimeout(timer);
      sock.end();
      resolve();
    });
    sock.once('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      fail(err.code ?? err.message);
    });
  });
}

/**
 * Resolves true when host:port completes a TLS handshake (the certificate is not judged: this only tells TLS from
 * plaintext, to explain a failed connection), false when it refuses, answers otherwise or stays silent `timeoutMs`.
 */
export function speaksTls(addr: BrokerAddress, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    // Only a probe: no data is sent, so not verifying the peer here exposes nothing.
    const sock = tlsConnect({ host: addr.host, port: addr.port, rejectUnauthorized: false, ALPNProtocols: ['h2'] });
    const done = (yes: boolean): void => {
      clearTimeout(timer);
      sock.destroy();
      resolve(yes);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    sock.once('secureConnect', () => done(true));
    sock.once('error', () => done(false));
  });
}

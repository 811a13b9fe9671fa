// Checks that a broker's TCP port accepts connections before a run starts (an unreachable broker is bad input).
import { connect } from 'node:net';
import { InputError } from '../errors.ts';
import * as msg from '../messages.ts';
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

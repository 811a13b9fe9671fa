// Parsing of `--broker` URLs (SPEC §11): amqp/rabbitmq, redis (BullMQ) and harbinger (our own gRPC broker).
import { InputError, atOption } from '../errors.ts';

export type BrokerKind = 'amqp' | 'redis' | 'harbinger';

/** A validated broker address. `url` is what the client library connects to; `display` has no password. */
export interface BrokerAddress {
  readonly kind: BrokerKind;
  readonly host: string;
  readonly port: number;
  readonly url: string;
  readonly display: string;
}

const DEFAULT_PORTS: Record<BrokerKind, number> = { amqp: 5672, redis: 6379, harbinger: 50051 };

/**
 * Parses `amqp://user:pass@host:port/vhost` (also `rabbitmq://…`), `redis://host:port[/db]` or
 * `harbinger://host:port`. Throws InputError (option --broker) for anything else.
 */
export function parseBrokerUrl(text: string, option = '--broker'): BrokerAddress {
  const expected = 'amqp://user:pass@host:port, rabbitmq://…, redis://host:port or harbinger://host:port';
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new InputError(atOption(option, `"${text}" is not a URL`, expected));
  }
  const scheme = u.protocol.replace(/:$/, '');
  const kind: BrokerKind | null =
    scheme === 'amqp' || scheme === 'rabbitmq' ? 'amqp' : scheme === 'redis' ? 'redis' : scheme === 'harbinger' ? 'harbinger' : null;
  if (kind === null) throw new InputError(atOption(option, `scheme "${scheme}" in "${text}"`, expected));
  if (u.hostname === '') throw new InputError(atOption(option, `no host in "${text}"`, expected));
  const port = u.port === '' ? DEFAULT_PORTS[kind] : Number(u.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new InputError(atOption(option, `port "${u.port}" in "${text}"`, 'a port from 1 to 65535'));
  if (kind === 'redis' && u.pathname !== '' && u.pathname !== '/' && !/^\/\d+$/.test(u.pathname)) {
    throw new InputError(atOption(option, `path "${u.pathname}" in "${text}"`, 'redis://host:port or redis://host:port/<db number>'));
  }
  if (kind === 'harbinger' && u.pathname !== '' && u.pathname !== '/') {
    throw new InputError(atOption(option, `path "${u.pathname}" in "${text}"`, 'harbinger://host:port (no path)'));
  }
  const url = kind === 'amqp' ? `amqp://${u.username === '' ? '' : `${u.username}:${u.password}@`}${u.hostname}:${port}${u.pathname === '/' ? '' : u.pathname}` : `${scheme}://${u.hostname}:${port}${u.pathname === '/' ? '' : u.pathname}`;
  const display = `${kind === 'amqp' ? 'amqp' : scheme}://${u.hostname}:${port}${u.pathname === '/' ? '' : u.pathname}`;
  return { kind, host: u.hostname, port, url, display };
}

// Parsing of `--broker` URLs (SPEC §11): amqp/rabbitmq, redis (BullMQ) and harbinger (our own gRPC broker).
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';

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
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new InputError(msg.brokerUrlInvalid(option, text));
  }
  const scheme = u.protocol.replace(/:$/, '');
  const kind: BrokerKind | null =
    scheme === 'amqp' || scheme === 'rabbitmq' ? 'amqp' : scheme === 'redis' ? 'redis' : scheme === 'harbinger' ? 'harbinger' : null;
  if (kind === null) throw new InputError(msg.brokerUrlScheme(option, scheme, text));
  if (u.hostname === '') throw new InputError(msg.brokerUrlNoHost(option, text));
  const port = u.port === '' ? DEFAULT_PORTS[kind] : Number(u.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new InputError(msg.brokerUrlPort(option, u.port, text));
  if (kind === 'redis' && u.pathname !== '' && u.pathname !== '/' && !/^\/\d+$/.test(u.pathname)) {
    throw new InputError(msg.brokerUrlRedisPath(option, u.pathname, text));
  }
  if (kind === 'harbinger' && u.pathname !== '' && u.pathname !== '/') {
    throw new InputError(msg.brokerUrlHarbingerPath(option, u.pathname, text));
  }
  const url = kind === 'amqp' ? `amqp://${u.username === '' ? '' : `${u.username}:${u.password}@`}${u.hostname}:${port}${u.pathname === '/' ? '' : u.pathname}` : `${scheme}://${u.hostname}:${port}${u.pathname === '/' ? '' : u.pathname}`;
  const display = `${kind === 'amqp' ? 'amqp' : scheme}://${u.hostname}:${port}${u.pathname === '/' ? '' : u.pathname}`;
  return { kind, host: u.hostname, port, url, display };
}

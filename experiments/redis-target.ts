// Where the cell queue's Redis is, and whether it answers: no BullMQ here, so \`hsim run\` without --queue does not
// load it (importing BullMQ and ioredis takes ~0.3 s).
import { connect } from 'node:net';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';

/** Where Redis listens, from `redis://[:password@]host:port[/db]`. */
export interface RedisTarget {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly password: string | null;
}

export const DEFAULT_QUEUE_NAME = 'hsim-cells';
/** Parses a Redis URL. Throws InputError naming `option` for anything else. */
export function parseRedisUrl(text: string, option = '--queue'): RedisTarget {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new InputError(msg.redisUrlInvalid(option, text));
  }
  const db = u.pathname === '' || u.pathname === '/' ? 0 : Number(u.pathname.slice(1));
  const port = u.port === '' ? 6379 : Number(u.port);
  if (u.protocol !== 'redis:' || u.hostname === '' || !Number.isInteger(db) || db < 0 || !Number.isInteger(port)) {
    throw new InputError(msg.redisUrlUnsupported(option, text));
  }
  return { url: text, host: u.hostname, port, db, password: u.password === '' ? null : decodeURIComponent(u.password) };
}

/**
 * Checks that Redis answers PING within `timeoutMs` (a raw RESP exchange, so an unreachable server fails fast
 * instead of BullMQ's endless reconnecting). Throws InputError naming the URL and the reason.
 */
export async function checkRedis(target: RedisTarget, option = '--queue', timeoutMs = 3000): Promise<void> {
  const reason = await new Promise<string | null>((resolve) => {
    const socket = connect({ host: target.host, port: target.port });
    let reply = '';
    const done = (r: string | null): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(r);
    };
    const timer = setTimeout(() => done(`no answer within ${timeoutMs} ms`), timeoutMs);
    socket.on('error', (err) => done(err.message));
    socket.on('connect', () => {
      const auth = target.password === null ? '' : resp(['AUTH', target.password]);
      socket.write(auth + resp(['PING']));
    });
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      const error = reply.split('\r\n').find((l) => l.startsWith('-'));
      if (error !== undefined) done(`Redis answered ${error}`);
      else if (reply.includes('+PONG')) done(null);
    });
  });
  if (reason !== null) throw new InputError(msg.redisUnreachable(option, target.url, reason));
}

function resp(parts: string[]): string {
  return `*${parts.length}\r\n${parts.map((p) => `$${Buffer.byteLength(p)}\r\n${p}\r\n`).join('')}`;
}

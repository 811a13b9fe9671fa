// Broker authentication: a shared secret carried in gRPC metadata, compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Metadata } from '@grpc/grpc-js';

/** The environment variable that carries the broker token to `hsim broker` and `hsim replay`. */
export const BROKER_TOKEN_ENV = 'HSIM_BROKER_TOKEN';

/** Metadata key and value a client sends with every call when the broker has a token. */
export function authMetadata(token: string): { key: string; value: string } {
  return { key: 'authorization', value: `Bearer ${token}` };
}

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/**
 * True when the broker needs no token (`secret` null) or the call's metadata carries `authorization: Bearer
 * <secret>`. Both sides are hashed first so the comparison takes the same time whatever the length.
 */
export function isAuthorized(metadata: Metadata, secret: string | null): boolean {
  if (secret === null) return true;
  const got = metadata.get('authorization')[0];
  if (typeof got !== 'string' || !got.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(got.slice('Bearer '.length)), digest(secret));
}

/** True for an address only this machine can reach: the loopback range 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

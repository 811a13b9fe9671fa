// Broker authentication: the shared secret in metadata, and which listen addresses count as loopback.
import { Metadata } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { authMetadata, isAuthorized, isLoopbackHost } from './broker-auth.ts';

const md = (value?: string): Metadata => {
  const m = new Metadata();
  if (value !== undefined) m.set('authorization', value);
  return m;
};

describe('isAuthorized', () => {
  it('accepts every call when the broker has no token, and the right bearer token when it has one', () => {
    expect(isAuthorized(md(), null)).toBe(true);
    const { key, value } = authMetadata('s3cret');
    expect(key).toBe('authorization');
    expect(isAuthorized(md(value), 's3cret')).toBe(true);
  });
  it('refuses a missing, wrong or malformed token', () => {
    expect(isAuthorized(md(), 's3cret')).toBe(false);
    expect(isAuthorized(md('Bearer s3cre'), 's3cret')).toBe(false);
    expect(isAuthorized(md('s3cret'), 's3cret')).toBe(false);
  });
});

describe('isLoopbackHost', () => {
  it('knows the loopback range, ::1 and localhost', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopbackHost(h)).toBe(true);
  });
  it('treats every other address as reachable from outside', () => {
    for (const h of ['0.0.0.0', '10.0.0.1', '192.168.1.2', '::', 'example.org', '128.0.0.1']) expect(isLoopbackHost(h)).toBe(false);
  });
});

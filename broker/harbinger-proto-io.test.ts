// The shared Harbinger service definition: every call of harbinger.proto, with the field names kept as written.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HARBINGER_PROTO, loadHarbingerService } from './harbinger-proto-io.ts';

describe('loadHarbingerService', () => {
  it('loads the calls the server implements and the client makes', () => {
    expect(existsSync(HARBINGER_PROTO)).toBe(true);
    const service = loadHarbingerService().service;
    expect(Object.keys(service).sort()).toEqual(['Ack', 'Consume', 'CreateQueue', 'DeleteQueue', 'Nack', 'Pull', 'Stats', 'Submit']);
    // keepCase: the request fields keep their snake_case names, which the server and the client both rely on.
    const request = (service['CreateQueue'] as unknown as { requestType: { type: { field: { name: string }[] } } }).requestType;
    expect(request.type.field.map((f) => f.name)).toContain('aging_interval_ms');
  });

  it('only streams Consume', () => {
    const service = loadHarbingerService().service;
    const streaming = Object.entries(service).filter(([, d]) => d.requestStream || d.responseStream).map(([n]) => n);
    expect(streaming).toEqual(['Consume']);
  });
});

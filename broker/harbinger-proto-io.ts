// The Harbinger gRPC service definition, loaded from harbinger.proto: the one module the server and the client share.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

/** Path of the service definition. */
export const HARBINGER_PROTO = join(dirname(fileURLToPath(import.meta.url)), 'harbinger.proto');

/** Loads the Harbinger service definition (reads harbinger.proto; throws when it is missing or malformed). */
export function loadHarbingerService(): grpc.ServiceClientConstructor {
  const def = protoLoader.loadSync(HARBINGER_PROTO, { keepCase: true, longs: Number, enums: String, defaults: true, oneofs: true });
  const pkg = grpc.loadPackageDefinition(def) as unknown as { harbinger: { Harbinger: grpc.ServiceClientConstructor } };
  return pkg.harbinger.Harbinger;
}

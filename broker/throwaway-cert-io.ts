// A throwaway self-signed TLS certificate for tests, made with the `openssl` CLI in a temporary folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A self-signed certificate and its key: the PEM bytes, the files, and a remover of the folder holding them. */
export interface ThrowawayCert {
  readonly cert: Buffer;
  readonly key: Buffer;
  readonly certFile: string;
  readonly keyFile: string;
  remove(): void;
}

/**
 * A fresh P-256 certificate for CN=localhost valid for 127.0.0.1 and localhost (one day), or null when the `openssl`
 * CLI is missing (the caller skips and says so). The key lives only in a temporary folder: never in the repository.
 */
export function makeThrowawayCert(): ThrowawayCert | null {
  const dir = mkdtempSync(join(tmpdir(), 'hsim-tls-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', keyFile, '-out', certFile,
    ], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return { cert: readFileSync(certFile), key: readFileSync(keyFile), certFile, keyFile, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

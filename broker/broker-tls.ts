// Broker TLS material: checks that PEM bytes hold a certificate (and its matching private key) before use.
import { createPrivateKey, X509Certificate } from 'node:crypto';

/** Why `pem` is not a PEM certificate (the first one is parsed), or null when it is one. */
export function certificateProblem(pem: Buffer): string | null {
  try {
    new X509Certificate(pem);
    return null;
  } catch (err) {
    return `not a PEM certificate (${(err as Error).message})`;
  }
}

/**
 * Why `cert` and `key` cannot serve TLS: either is not PEM of its kind, or the key does not belong to the
 * certificate. Null when they can. Parses both; throws nothing.
 */
export function certificatePairProblem(cert: Buffer, key: Buffer): { option: 'cert' | 'key'; problem: string } | null {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch (err) {
    return { option: 'cert', problem: `not a PEM certificate (${(err as Error).message})` };
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch (err) {
    return { option: 'key', problem: `not a PEM private key (${(err as Error).message})` };
  }
  if (privateKey.type !== 'private' || !x509.checkPrivateKey(privateKey)) {
    return { option: 'key', problem: `not the private key of the certificate (subject ${x509.subject.replace(/\n/g, ', ')})` };
  }
  return null;
}

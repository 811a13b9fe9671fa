// SHA-256 of a file computed on a worker thread, so a large source is hashed while the main thread parses it.
import { Worker } from 'node:worker_threads';

// Plain CommonJS run by the worker: read the file in 4 MiB blocks and hash them.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { openSync, readSync, closeSync } = require('node:fs');
const { createHash } = require('node:crypto');
const fd = openSync(workerData, 'r');
const buf = Buffer.allocUnsafe(4 << 20);
const h = createHash('sha256');
try {
  for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) h.update(buf.subarray(0, n));
} finally {
  closeSync(fd);
}
parentPort.postMessage(h.digest('hex'));
`;

/** Resolves to the SHA-256 (hex) of the bytes of `path`, computed on a worker thread. Rejects on read errors. */
export function hashFileOnThread(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: path });
    w.once('message', (hex: string) => resolve(hex));
    w.once('error', reject);
    w.once('exit', (code) => {
      if (code !== 0) reject(new Error(`hash worker exited with code ${code}`));
    });
  });
}

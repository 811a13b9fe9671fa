// SHA-256 of a byte stream computed on a worker thread: chunks are copied to it, the digest comes back at the end.
import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';

// Loaded on first use: every command that reads a trace bundles this module (through the trace writer), and only
// writing a trace needs a thread, so `simulate` does not pay for loading node:worker_threads at start-up.
const requireBuiltin = createRequire(import.meta.url);

// Plain CommonJS run by the worker: hash every chunk and hand its memory back, and answer null with the digest.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const h = createHash('sha256');
parentPort.on('message', (m) => {
  if (m === null) {
    parentPort.postMessage(h.digest('hex'));
    parentPort.close();
    return;
  }
  h.update(m);
  parentPort.postMessage(m, [m.buffer]);
});
`;

/** Chunks handed over and not yet hashed before `update` makes its caller wait (bounded memory). */
const MAX_PENDING = 8;

/**
 * A SHA-256 running on another thread, so a writer's main thread only copies its output once. `update` copies the
 * chunk (the caller may reuse it at once) into a buffer the thread hands back once hashed (so memory stays at
 * MAX_PENDING buffers, with no garbage for the thread to collect) and waits while MAX_PENDING chunks are unhashed;
 * `digest` ends the thread. A worker failure rejects the pending `update` or `digest`; `terminate` stops it after a failure elsewhere.
 */
export class HashThread {
  private readonly worker: Worker;
  private pending = 0;
  /** Buffers handed back by the thread, ready for the next chunks. */
  private readonly free: ArrayBuffer[] = [];
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private done: ((hex: string) => void) | null = null;
  private fail: ((err: Error) => void) | null = null;

  constructor() {
    const { Worker: WorkerClass } = requireBuiltin('node:worker_threads') as typeof import('node:worker_threads');
    this.worker = new WorkerClass(WORKER_SOURCE, { eval: true });
    this.worker.on('message', (m: Uint8Array | string) => {
      if (typeof m === 'string') {
        this.done?.(m);
        return;
      }
      this.free.push(m.buffer as ArrayBuffer);
      this.pending--;
      this.wake?.();
    });
    this.worker.once('error', (err) => this.stop(err));
    this.worker.once('exit', (code) => {
      if (code !== 0) this.stop(new Error(`hash worker exited with code ${code}`));
    });
  }

  /** Hashes a copy of `chunk` on the thread; resolves once fewer than MAX_PENDING chunks wait there. */
  async update(chunk: Uint8Array): Promise<void> {
    if (this.failure !== null) throw this.failure;
    let mem = this.free.pop();
    if (mem === undefined || mem.byteLength < chunk.length) mem = new ArrayBuffer(Math.max(chunk.length, 1 << 20));
    const copy = new Uint8Array(mem, 0, chunk.length);
    copy.set(chunk);
    this.worker.postMessage(copy, [mem]);
    this.pending++;
    while (this.pending >= MAX_PENDING) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
      if (this.failure !== null) throw this.failure;
    }
  }

  /** The hex digest of everything updated; the thread then exits. */
  digest(): Promise<string> {
    if (this.failure !== null) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.done = resolve;
      this.fail = reject;
      this.worker.postMessage(null);
    });
  }

  /** Stops the thread without a digest (after a failure elsewhere). */
  terminate(): void {
    this.failure ??= new Error('hash thread terminated');
    void this.worker.terminate();
  }

  private stop(err: Error): void {
    this.failure ??= err;
    this.wake?.();
    this.fail?.(err);
  }
}

// Conversion thread entry when no bundle can be built: registers the TypeScript loader in this thread, then serves ranges.
import { workerData } from 'node:worker_threads';

// The coordinator resolves tsx's loader API and hands over its URL with the thread's setup.
const { register } = await import(workerData.tsxApi);
register();
await import('./convert-thread.ts');

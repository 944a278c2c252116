// Starts one of the store's worker threads (store/writer-thread.ts, store/checkpoint-thread.ts)
// from the built JavaScript, or from the TypeScript sources when the server itself runs from them.
import { Worker } from 'node:worker_threads';

const FROM_SOURCES = import.meta.url.endsWith('.ts');

export function spawnStoreThread(module: 'writer-thread' | 'checkpoint-thread', workerData: unknown): Worker {
  const url = new URL(`./${module}${FROM_SOURCES ? '.ts' : '.js'}`, import.meta.url);
  if (!FROM_SOURCES) return new Worker(url, { workerData });
  // Under the TypeScript sources (tests, benchmarks) the thread runs the .ts file too, so it
  // registers tsx's loader first, as the main thread did through --import.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`, { eval: true, workerData });
}

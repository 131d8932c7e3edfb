/**
 * Starts one of the server's worker threads. Built, the thread is the `.js` file beside the
 * caller's module; from the sources (tsx, tests) it is the `.ts` file, loaded through tsx.
 */
import { Worker } from 'node:worker_threads';

/** `name` without extension, next to the module at `base` (its import.meta.url). */
export function startThread(base: string, name: string, workerData: unknown): Worker {
  const fromSource = base.endsWith('.ts');
  const entry = new URL(`./${name}${fromSource ? '.ts' : '.js'}`, base);
  if (!fromSource) return new Worker(entry, { workerData });
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`,
    { eval: true, workerData },
  );
}

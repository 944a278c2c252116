// The Node.js flags the server is meant to run with: `npm start` passes them, the benchmarks start
// their servers with them, and docs/operations.md tells operators to set them (NODE_OPTIONS).
//
// A larger young generation. Each hook call keeps its request objects alive until its decision
// is committed; on MySQL that is a few milliseconds, long enough for the default 16 MB
// semi-space to fill and scavenge several times meanwhile, copying the waiting requests each
// time. Measured on the hot path (docs/operations.md, "Node.js flags"): garbage collection took
// about a tenth of the event loop on MySQL with the default and a quarter of that with 32 MB.
// V8 sizes the heap when the process starts, so this cannot be set from inside.
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];

/** The recommended flags this process was not started with (command line or NODE_OPTIONS). */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv, nodeOptions: string = process.env.NODE_OPTIONS ?? ''): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((flag) => flag.split('=')[0].replaceAll('_', '-'));
  return SERVER_NODE_FLAGS.filter((flag) => !given.includes(flag.split('=')[0]));
}

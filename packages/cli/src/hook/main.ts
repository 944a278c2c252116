// The Node hook forwarder as a program of its own: `node hook.cjs --surface S [--event E]`.
// The build bundles this file and its few imports into packages/cli/dist/hook.cjs (CommonJS,
// one file), which starts faster than `bin/service hook` (no ESM loader, no module lookups):
// it runs on every tool call where the curl command cannot (Windows, no curl).
import { runHookForwarder } from './forwarder.js';

runHookForwarder(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = 0; // fail open, whatever happened
  },
);

#!/usr/bin/env node
// Bundles the Node hook forwarder (packages/cli/dist/hook/main.js, built by tsc) into one
// CommonJS file, packages/cli/dist/hook.cjs. Agents run it on every tool call where the curl
// hook command cannot run (Windows, no curl): one file without the ESM loader starts in about
// 1.3× `node -e 0`, against about 1.55× for `bin/service hook` (bench: npm run bench -- forwarder).
import { build } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
await build({
  entryPoints: [join(root, 'packages/cli/dist/hook/main.js')],
  outfile: join(root, 'packages/cli/dist/hook.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  conditions: ['import'],
  logLevel: 'warning',
  legalComments: 'none',
});

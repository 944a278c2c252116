// The runtime key (write-oriented; what hooks authenticate with). Read in this order:
//   1. SERVICE_API_KEY
//   2. ~/.service-plugin/api_key (the spec's key file, Authentication item 8)
//   3. the plugin data directory's api_key ($SERVICE_PLUGIN_DATA or $CLAUDE_PLUGIN_DATA)
// The runtime key is always kept in the 0600 file rather than the keychain: the forwarder
// and the session-start scanner read it on every hook call, must start fast and must never
// trigger a keychain prompt, and the spec names the file as where the scanner finds it.
// Node built-ins only (the hook forwarder imports this).
import { servicePaths } from './paths.js';
import { isPlausibleKey, readTrimmedFile, writePrivateFile } from './secret-files.js';

export interface ResolvedKey {
  key: string;
  /** 'env:SERVICE_API_KEY' or 'file:<path>'. */
  source: string;
}

export function resolveRuntimeKeyWithSource(env: NodeJS.ProcessEnv = process.env): ResolvedKey | null {
  const fromEnv = env.SERVICE_API_KEY?.trim();
  if (fromEnv) return { key: fromEnv, source: 'env:SERVICE_API_KEY' };
  const paths = servicePaths(env);
  for (const file of [paths.runtimeKeyFile, paths.pluginDataKeyFile]) {
    if (!file) continue;
    const key = readTrimmedFile(file);
    if (key && isPlausibleKey(key)) return { key, source: `file:${file}` };
  }
  return null;
}

export function resolveRuntimeKey(env: NodeJS.ProcessEnv = process.env): string | null {
  return resolveRuntimeKeyWithSource(env)?.key ?? null;
}

/** Writes the runtime key to ~/.service-plugin/api_key (0600) and returns the path. */
export function storeRuntimeKey(key: string, env: NodeJS.ProcessEnv = process.env): string {
  const trimmed = key.trim();
  if (!isPlausibleKey(trimmed)) throw new Error('That does not look like an API key (8-512 printable characters, no spaces); copy the whole key and try again.');
  const file = servicePaths(env).runtimeKeyFile;
  writePrivateFile(file, `${trimmed}\n`);
  return file;
}

/**
 * Writes the header file the curl hook command reads with `-H @FILE` (0600, beside the key file):
 * the key and identity travel in it, never on the command line, where any local user could read
 * them in the process list. One header per line, as curl expects.
 */
export function storeHookHeaders(key: string, identity: { hostname: string; machine_id: string }, env: NodeJS.ProcessEnv = process.env): string {
  const trimmed = key.trim();
  if (!isPlausibleKey(trimmed)) throw new Error('That does not look like an API key (8-512 printable characters, no spaces); copy the whole key and try again.');
  const safe = (v: string) => (/^[\x20-\x7e]*$/.test(v) ? v : encodeURIComponent(v));
  const file = servicePaths(env).hookHeadersFile;
  const lines = [
    `Authorization: Bearer ${trimmed}`,
    `X-Hostname: ${safe(identity.hostname)}`,
    `X-Machine-Id: ${safe(identity.machine_id)}`,
    'Content-Type: application/json',
    'User-Agent: service-hook-curl',
  ];
  writePrivateFile(file, `${lines.join('\n')}\n`);
  return file;
}

// ~/.service/config.json: the non-secret settings the CLI remembers between runs (the
// server URL and where the admin key was stored). Node built-ins only.
import { readFileSync } from 'node:fs';
import { servicePaths } from './paths.js';
import { writePrivateFile } from './secret-files.js';

export interface StoredConfig {
  server_url?: string;
  /** Where `service login` put the admin key, so reads need not probe the keychain. */
  admin_key_store?: 'keychain' | 'file';
}

export function readStoredConfig(env: NodeJS.ProcessEnv = process.env): StoredConfig {
  try {
    const value: unknown = JSON.parse(readFileSync(servicePaths(env).configFile, 'utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as StoredConfig) : {};
  } catch {
    return {};
  }
}

export function updateStoredConfig(patch: Partial<StoredConfig>, env: NodeJS.ProcessEnv = process.env): StoredConfig {
  const next: StoredConfig = { ...readStoredConfig(env), ...patch };
  writePrivateFile(servicePaths(env).configFile, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}

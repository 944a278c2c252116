// The admin key (read and administer), stored by `service login`: in the OS keychain when
// one is usable, else in ~/.service/credentials (0600). SERVICE_ADMIN_KEY overrides both,
// so scripts need no state on disk.
import { rmSync } from 'node:fs';
import { keychainDelete, keychainGet, keychainSet } from './keychain.js';
import { servicePaths } from './paths.js';
import { isPlausibleKey, readTrimmedFile, writePrivateFile } from './secret-files.js';
import { normalizeServerUrl } from './server-url.js';
import { readStoredConfig, updateStoredConfig } from './stored-config.js';

const KEYCHAIN_ACCOUNT = 'admin-key';

interface CredentialsFile {
  server_url?: string;
  admin_key?: string;
}

function readCredentialsFile(env: NodeJS.ProcessEnv): CredentialsFile {
  const text = readTrimmedFile(servicePaths(env).credentialsFile);
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as CredentialsFile) : {};
  } catch {
    return {};
  }
}

export async function resolveAdminKey(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const fromEnv = env.SERVICE_ADMIN_KEY?.trim();
  if (fromEnv) return fromEnv;
  const store = readStoredConfig(env).admin_key_store;
  if (store !== 'file') {
    const fromKeychain = await keychainGet(KEYCHAIN_ACCOUNT, env);
    if (fromKeychain) return fromKeychain;
  }
  const fromFile = readCredentialsFile(env).admin_key?.trim();
  return fromFile && isPlausibleKey(fromFile) ? fromFile : null;
}

export interface AdminLoginResult {
  server_url: string;
  /** 'keychain' or the credentials file path. */
  stored_in: string;
}

/** Stores the server URL (config.json) and the admin key (keychain, else 0600 file). */
export async function storeAdminLogin(url: string, key: string, env: NodeJS.ProcessEnv = process.env): Promise<AdminLoginResult> {
  const serverUrl = normalizeServerUrl(url);
  const trimmed = key.trim();
  if (!isPlausibleKey(trimmed)) throw new Error('That does not look like an API key (8-512 printable characters, no spaces); copy the whole key and try again.');
  const paths = servicePaths(env);
  if (await keychainSet(KEYCHAIN_ACCOUNT, trimmed, env)) {
    // A key left in the file from an earlier headless login would shadow nothing but would
    // still sit on disk; remove it once the keychain holds the key.
    rmSync(paths.credentialsFile, { force: true });
    updateStoredConfig({ server_url: serverUrl, admin_key_store: 'keychain' }, env);
    return { server_url: serverUrl, stored_in: 'keychain' };
  }
  writePrivateFile(paths.credentialsFile, `${JSON.stringify({ server_url: serverUrl, admin_key: trimmed }, null, 2)}\n`);
  updateStoredConfig({ server_url: serverUrl, admin_key_store: 'file' }, env);
  return { server_url: serverUrl, stored_in: paths.credentialsFile };
}

/** Removes the stored admin key from both the keychain and the credentials file. */
export async function clearAdminLogin(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await keychainDelete(KEYCHAIN_ACCOUNT, env);
  rmSync(servicePaths(env).credentialsFile, { force: true });
  updateStoredConfig({ admin_key_store: undefined }, env);
}

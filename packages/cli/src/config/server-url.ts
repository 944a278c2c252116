// The server base URL: SERVICE_URL wins, then the stored config. Node built-ins only.
import { readStoredConfig, updateStoredConfig } from './stored-config.js';

export class InvalidServerUrlError extends Error {}

/**
 * Normalizes a server base URL: http(s) only, no credentials, query or fragment, no
 * trailing slash. Throws InvalidServerUrlError with a sentence that says what to pass.
 */
export function normalizeServerUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new InvalidServerUrlError(`"${raw}" is not a URL; pass the server's base URL, for example https://service.example.com.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidServerUrlError(`The server URL must start with https:// (or http:// for a server on this machine), not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new InvalidServerUrlError('The server URL must not contain a user name or password; pass the key with --key or --key-stdin instead.');
  }
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** The configured server URL, or null when neither SERVICE_URL nor the stored config has one. */
export function resolveServerUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const raw = env.SERVICE_URL || readStoredConfig(env).server_url;
  if (!raw) return null;
  try {
    return normalizeServerUrl(raw);
  } catch {
    return null;
  }
}

export function storeServerUrl(url: string, env: NodeJS.ProcessEnv = process.env): string {
  const normalized = normalizeServerUrl(url);
  updateStoredConfig({ server_url: normalized }, env);
  return normalized;
}

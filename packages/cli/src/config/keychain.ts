// The OS keychain, reached through @napi-rs/keyring when it is installed and works. It is
// an optional dependency and a headless Linux box has no secret service, so it is loaded
// lazily and every failure means "no keychain": callers then fall back to 0600 files.
// SERVICE_NO_KEYCHAIN=1 skips it entirely (CI, tests, machines where a keychain prompt
// would hang a script).

const SERVICE_NAME = 'agent-fleet-service';

interface KeyringEntry {
  getPassword(): string | null | undefined;
  setPassword(password: string): void;
  deletePassword(): boolean | void;
}

async function entry(account: string, env: NodeJS.ProcessEnv): Promise<KeyringEntry | null> {
  if (env.SERVICE_NO_KEYCHAIN === '1') return null;
  try {
    const mod = (await import('@napi-rs/keyring')) as { Entry: new (service: string, account: string) => KeyringEntry };
    return new mod.Entry(SERVICE_NAME, account);
  } catch {
    return null;
  }
}

export async function keychainGet(account: string, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const e = await entry(account, env);
  if (!e) return null;
  try {
    return e.getPassword() ?? null;
  } catch {
    return null;
  }
}

/** Returns true when the secret is now in the keychain (read back to be sure). */
export async function keychainSet(account: string, secret: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const e = await entry(account, env);
  if (!e) return false;
  try {
    e.setPassword(secret);
    return e.getPassword() === secret;
  } catch {
    return false;
  }
}

export async function keychainDelete(account: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const e = await entry(account, env);
  if (!e) return;
  try {
    e.deletePassword();
  } catch {
    // Nothing stored, or no keychain: either way nothing is left.
  }
}

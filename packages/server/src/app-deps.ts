// What route handlers can reach. Built once per server process by `createServices`.
import type { KeyVerifier } from './accounts/key-cache.js';
import type { ServerConfig } from './config.js';
import type { AuthFailureLimiter } from './http/auth.js';
import type { Logger } from './log.js';
import type { Store } from './store/index.js';

export interface AppDeps {
  config: ServerConfig;
  store: Store;
  logger: Logger;
  keys: KeyVerifier;
  authLimiter: AuthFailureLimiter;
}

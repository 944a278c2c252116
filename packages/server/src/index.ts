export * from './policy/types.js';
export { loadConfig, ConfigError, type ServerConfig } from './config.js';
export { startServer, type RunningServer } from './server.js';
export { openStore, type Store } from './store/index.js';
export { createApiKey, createOrg, PLANS, type Plan, type CreatedOrg } from './accounts/orgs.js';
export { createLogger } from './log.js';
export { describeTarget } from './store/connection.js';
export { SERVER_NODE_FLAGS, missingNodeFlags } from './node-flags.js';

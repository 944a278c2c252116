// The CLI's configuration and credentials API. Admin commands use resolveServerUrl and
// resolveAdminKey; workstation commands use resolveRuntimeKey and machineIdentity.
export { homeDir, servicePaths, type ServicePaths } from './paths.js';
export { normalizeServerUrl, resolveServerUrl, storeServerUrl, isLoopbackHost, InvalidServerUrlError } from './server-url.js';
export { readStoredConfig, updateStoredConfig, type StoredConfig } from './stored-config.js';
export { resolveRuntimeKey, resolveRuntimeKeyWithSource, storeRuntimeKey, storeHookHeaders, type ResolvedKey } from './runtime-key.js';
export { resolveAdminKey, storeAdminLogin, clearAdminLogin, type AdminLoginResult } from './admin-key.js';
export { machineIdentity, type MachineIdentity } from './machine-identity.js';
export { maskKey } from './mask.js';
export { fileMode, isPlausibleKey } from './secret-files.js';

// Where the CLI keeps its state. Every path hangs off the home directory taken from
// process.env.HOME first, so tests and fleet scripts can point the whole CLI at a scratch
// home without touching the real one. This module imports node built-ins only: the hook
// forwarder loads it on every tool call.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function homeDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOME || env.USERPROFILE || homedir();
}

export interface ServicePaths {
  home: string;
  /** ~/.service: CLI state (config, admin credentials, machine id). */
  stateDir: string;
  configFile: string;
  credentialsFile: string;
  machineIdFile: string;
  /** ~/.service-plugin/api_key: the runtime key file named by the spec (Authentication item 8). */
  pluginDir: string;
  runtimeKeyFile: string;
  /** ~/.service-plugin/hook-headers: the curl hook command's key and identity headers (0600). */
  hookHeadersFile: string;
  /** $CLAUDE_PLUGIN_DATA/api_key when the plugin data directory is known. */
  pluginDataKeyFile: string | null;
}

export function servicePaths(env: NodeJS.ProcessEnv = process.env): ServicePaths {
  const home = homeDir(env);
  const stateDir = join(home, '.service');
  const pluginDir = join(home, '.service-plugin');
  const pluginData = env.SERVICE_PLUGIN_DATA || env.CLAUDE_PLUGIN_DATA;
  return {
    home,
    stateDir,
    configFile: join(stateDir, 'config.json'),
    credentialsFile: join(stateDir, 'credentials'),
    machineIdFile: join(stateDir, 'machine-id'),
    pluginDir,
    runtimeKeyFile: join(pluginDir, 'api_key'),
    hookHeadersFile: join(pluginDir, 'hook-headers'),
    pluginDataKeyFile: pluginData ? join(pluginData, 'api_key') : null,
  };
}

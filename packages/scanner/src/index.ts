// @service/scanner: workstation inventory, skill risk scoring and local posture checks.
// A pure library: it reads files under the directories it is given and never touches the network,
// the environment or the server. Where each thing is read from is documented beside the code:
//   skills            skill-discovery.ts (layouts, symlinks), inventory.ts (directories, precedence)
//   plugins           claude-plugins.ts (installed_plugins.json, cache, enabledPlugins)
//   MCP servers       mcp-sources.ts (one row per agent file), mcp-entries.ts (type, command basename)
//   scoring           risk-score.ts, preview.ts (shared with the server: deterministic)
//   posture           posture-evidence.ts (reads), posture-checks.ts (pure checks), posture.ts (score)

export { scoreSkillPreview, riskLevelForScore, SKILL_RISK_FLAG_POINTS, MAX_SKILL_RISK_SCORE } from './risk-score.js';
export type { SkillRiskFlag, SkillRiskLevel, SkillRiskScore } from './risk-score.js';
export { truncatePreview, SKILL_PREVIEW_BYTES } from './preview.js';

export { scanInventory } from './inventory.js';
export { DEFAULT_MAX_ANCESTORS, type ScanOptions } from './scan-locations.js';
export { MAX_SKILLS } from './skill-discovery.js';
export { MAX_SKILL_FILE_BYTES } from './skill-file.js';
export { MAX_MCP_SERVERS } from './mcp-sources.js';
export { MAX_PLUGINS } from './claude-plugins.js';
export { MAX_CONFIG_FILE_BYTES } from './config-files.js';
export { MAX_DIRECTORY_ENTRIES } from './directory-listing.js';
export { commandBasename } from './mcp-entries.js';
export { MCP_PLATFORMS } from './inventory-types.js';
export type {
  Inventory,
  InventorySource,
  McpPlatform,
  McpServerInventoryEntry,
  McpTransport,
  PluginInventoryEntry,
  SkillInventoryEntry,
} from './inventory-types.js';

export { runPostureChecks, postureScore, postureGrade, SEVERITY_PENALTY } from './posture.js';
export type { PostureGrade, PostureOptions, PostureReport } from './posture.js';
export { HIGH_RISK_SKILL_SCORE } from './posture-checks.js';
export type { PostureCheck, PostureSeverity, PostureStatus } from './posture-checks.js';

// The policy engine's public surface. Everything here is pure: no I/O, no clocks.
export * from './types.js';
export { DEFAULT_SHIELD_POLICY, validateShieldPolicyPatch, applyShieldPolicyPatch, shieldPolicyPatchSchema } from './policy-schema.js';
export type { ShieldPolicyPatch, PatchValidation, PolicyFieldError } from './policy-schema.js';
export { compilePolicy } from './compile.js';
export type { CompiledPolicy } from './compile.js';
export { decideToolCall } from './decide.js';
export { securityLevelForCheckin } from './checkin.js';
export type { CheckinSecurity } from './checkin.js';
export { POLICY_PACK_TEMPLATES, applyPolicyPack, UnknownPolicyPackError } from './packs.js';
export type { PolicyPackTemplate, ShieldSection } from './packs.js';
export type { ToolsSection, McpSection, NetworkSection } from './pack-sections.js';
export { findOutputRisks, MAX_OUTPUT_SCAN } from './output-risks.js';
export type { OutputRisk } from './output-risks.js';
export { VERDICT_TABLE, verdictFor } from './verdict.js';
export { compileCustomPattern, customPatternError } from './custom-patterns.js';
export { parseShell } from './shell/parser.js';
export type { Script, SimpleCommand, Word, Pipeline } from './shell/types.js';

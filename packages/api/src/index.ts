// @service/api: the HTTP API's schemas, one place for the shapes the server answers and the
// CLI reads. The server declares each route's request and response with them (and serves them
// as GET /api/v1/openapi.json); the CLI takes its response types from them (z.infer).
// Depends on zod alone, so the workstation package carries it without any server code.
export * from './common.js';
export * from './accounts.js';
export * from './policy.js';
export * from './fleet.js';
export * from './inventory.js';
export * from './runtime.js';
export * from './exceptions.js';
export * from './notifications.js';
export * from './audit.js';
export * from './telemetry.js';

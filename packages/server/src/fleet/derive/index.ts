// Fleet derived views: pure functions of a WorkstationEvidence object and the current time.
// No I/O; the store builds the evidence from a workstation row and a few aggregates.
// Rules, thresholds and the decisions taken where the spec is silent: docs/fleet-states.md.
export * from './evidence.js';
export * from './online.js';
export * from './management.js';
export * from './protection.js';
export * from './risk.js';
export * from './baseline.js';
export * from './owner.js';
export * from './coverage.js';
export * from './attention.js';
export * from './stats.js';

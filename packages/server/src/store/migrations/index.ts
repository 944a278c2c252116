// Every migration, in order. Listed explicitly (not read from a folder) so they run the same
// from compiled JavaScript and from TypeScript under tests.
import type { Knex } from 'knex';
import * as foundation from './001_foundation.js';
import * as fleet from './002_fleet.js';
import * as runtime from './003_runtime.js';
import * as notifications from './004_notifications.js';
import * as fleetExtra from './005_fleet_extra.js';
import * as identityBounds from './006_identity_bounds.js';
import * as telemetry from './007_telemetry.js';
import * as adminPageSessions from './008_admin_page_sessions.js';
import * as chainsInvestigations from './009_chains_investigations.js';
import * as exceptionsActivity from './010_exceptions_activity.js';
import * as fleetClassCounts from './011_fleet_class_counts.js';
import * as sessionsWsOrg from './012_sessions_ws_org.js';
import * as scanTextSizes from './013_scan_text_sizes.js';

export const MIGRATIONS: Record<string, { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> }> = {
  '001_foundation': foundation,
  '002_fleet': fleet,
  '003_runtime': runtime,
  '004_notifications': notifications,
  '005_fleet_extra': fleetExtra,
  '006_identity_bounds': identityBounds,
  '007_telemetry': telemetry,
  '008_admin_page_sessions': adminPageSessions,
  '009_chains_investigations': chainsInvestigations,
  '010_exceptions_activity': exceptionsActivity,
  '011_fleet_class_counts': fleetClassCounts,
  '012_sessions_ws_org': sessionsWsOrg,
  '013_scan_text_sizes': scanTextSizes,
};

// Every migration, in order. Listed explicitly (not read from a folder) so they run the same
// from compiled JavaScript and from TypeScript under tests.
import type { Knex } from 'knex';
import * as foundation from './001_foundation.js';
import * as fleet from './002_fleet.js';
import * as runtime from './003_runtime.js';

export const MIGRATIONS: Record<string, { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> }> = {
  '001_foundation': foundation,
  '002_fleet': fleet,
  '003_runtime': runtime,
};

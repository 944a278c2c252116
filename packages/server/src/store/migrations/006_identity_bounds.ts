// Identity columns as wide as the identity bound (fleet/identity.ts MAX_IDENTITY_CHARS, 256).
// The hook adapters kept hostnames and machine ids of up to 256 characters, but the columns were
// VARCHAR(255) (hostname) and VARCHAR(200) (machine_id): on MySQL, in strict mode, a 256-character
// hostname or a 201-character machine id made the insert fail and the request answer 500.
// SQLite does not enforce VARCHAR lengths, so only MySQL needs the change. Widening a VARCHAR
// that already takes a two-byte length prefix is an in-place change in InnoDB.
import type { Knex } from 'knex';
import { isMysql } from './is-mysql.js';


export async function up(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await knex.raw('ALTER TABLE workstations MODIFY hostname VARCHAR(256) NOT NULL, MODIFY machine_id VARCHAR(256) NULL');
  await knex.raw('ALTER TABLE shield_events MODIFY hostname VARCHAR(256) NULL');
}

export async function down(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await knex.raw('ALTER TABLE shield_events MODIFY hostname VARCHAR(255) NULL');
  await knex.raw('ALTER TABLE workstations MODIFY hostname VARCHAR(255) NOT NULL, MODIFY machine_id VARCHAR(200) NULL');
}

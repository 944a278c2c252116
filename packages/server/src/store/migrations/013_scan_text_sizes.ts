// A posture scan's checks (up to 500, each with a 500-character detail) and its bounded raw
// report are JSON text that can pass 64 KiB, MySQL's TEXT limit, once the characters are
// multi-byte: the insert failed with ER_DATA_TOO_LONG (found by the fuzz suite). MEDIUMTEXT
// holds 16 MiB. SQLite's TEXT has no such limit, so nothing changes there.
import type { Knex } from 'knex';
import { isMysql } from './is-mysql.js';


export async function up(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await knex.raw('ALTER TABLE posture_scans MODIFY checks MEDIUMTEXT NOT NULL, MODIFY raw_report MEDIUMTEXT NULL');
}

export async function down(knex: Knex): Promise<void> {
  if (!isMysql(knex)) return;
  await knex.raw('ALTER TABLE posture_scans MODIFY checks TEXT NOT NULL, MODIFY raw_report TEXT NULL');
}

// Migrations that differ by dialect (column types, ALTER forms) ask this.
import type { Knex } from 'knex';

export const isMysql = (knex: Knex): boolean => /mysql/.test(String(knex.client.config.client));

// Red-team round 2, class 2: a destructive database statement is judged by where it lands. On a
// loopback host, a unix socket or a local file it is routine development work (allowed, logged);
// named like production there it is a warning (a local port is often a tunnel); on any other host,
// a URL to one, a host held in a variable, or a client that takes its host from the environment
// with none on the line, it stays denied. Bounded: fixed seeds and numRuns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decide, runTable, shell, type Row } from './helpers.js';

const show = (cmd: string): string => {
  const d = decide(shell(cmd));
  return `${cmd} → ${d.verdict} ${d.patternName}: ${d.reason}`;
};

const LOOPBACK = ['localhost', '127.0.0.1', '127.0.1.1', '::1', 'db.localhost'];
const REMOTE = ['db.prod.internal', '10.0.4.12', 'app-db.example.com', 'mysql-primary', '"$DB_HOST"'];
const SQL = ['DROP TABLE IF EXISTS tmp_import', 'DROP DATABASE checkout_test', 'TRUNCATE sessions', 'DELETE FROM jobs', 'UPDATE users SET active = false'];

/** Each client sending one SQL statement to a host (in every spelling the client accepts). */
const SQL_CLIENTS: Array<(host: string, sql: string) => string> = [
  (h, s) => `psql -h ${h} -d app_dev -c "${s};"`,
  (h, s) => `psql --host=${h} -U dev app_dev -c "${s}"`,
  (h, s) => `psql "postgresql://dev@${h.includes(':') ? `[${h}]` : h}:5432/app_dev" -c "${s}"`,
  (h, s) => `mysql -h ${h} -u root app_dev -e "${s}"`,
  (h, s) => `mysql --host ${h} -e "${s}"`,
  (h, s) => `mariadb -h${h} -e "${s}"`,
  (h, s) => `PGHOST=${h} psql -c "${s}"`,
];
const FLUSHERS: Array<(host: string) => string> = [(h) => `redis-cli -h ${h} -n 15 FLUSHDB`, (h) => `redis-cli -h ${h} FLUSHALL`, (h) => `dropdb --if-exists -h ${h} checkout_test`, (h) => `mongosh "mongodb://${h.includes(':') ? `[${h}]` : h}:27017/orders_test" --eval "db.dropDatabase()"`];

test('a destructive statement against a loopback host is allowed, whatever the client and statement', () => {
  fc.assert(
    fc.property(fc.constantFrom(...SQL_CLIENTS), fc.constantFrom(...LOOPBACK), fc.constantFrom(...SQL), (client, host, sql) => {
      const cmd = client(host, sql);
      assert.equal(decide(shell(cmd)).verdict, 'allow', show(cmd));
    }),
    { numRuns: 200, seed: 2611 },
  );
  fc.assert(
    fc.property(fc.constantFrom(...FLUSHERS), fc.constantFrom(...LOOPBACK), (client, host) => {
      const cmd = client(host);
      assert.equal(decide(shell(cmd)).verdict, 'allow', show(cmd));
    }),
    { numRuns: 60, seed: 2612 },
  );
});

test('the same statement against any other host is denied', () => {
  fc.assert(
    fc.property(fc.constantFrom(...SQL_CLIENTS), fc.constantFrom(...REMOTE), fc.constantFrom(...SQL), (client, host, sql) => {
      const cmd = client(host, sql);
      const d = decide(shell(cmd));
      assert.equal(d.verdict, 'deny', show(cmd));
      assert.match(d.patternName ?? '', /^cloud_destructive\./, show(cmd));
    }),
    { numRuns: 200, seed: 2613 },
  );
  fc.assert(
    fc.property(fc.constantFrom(...FLUSHERS), fc.constantFrom(...REMOTE), (client, host) => {
      const cmd = client(host);
      assert.equal(decide(shell(cmd)).verdict, 'deny', show(cmd));
    }),
    { numRuns: 60, seed: 2614 },
  );
});

test('a local database named like production is a warning, not an allow', () => {
  fc.assert(
    fc.property(fc.constantFrom(...LOOPBACK), fc.constantFrom('app_production', 'shop-prod', 'prod', 'orders_live'), (host, db) => {
      for (const cmd of [`dropdb -h ${host} ${db}`, `psql -h ${host} -d ${db} -c "DROP TABLE users"`, `mysql -h ${host} -e "DROP DATABASE ${db}"`]) {
        assert.equal(decide(shell(cmd)).verdict, 'warn', show(cmd));
      }
    }),
    { numRuns: 40, seed: 2615 },
  );
});

test('database destinations: the red-team shapes, sockets, files and hosts the line does not show', async (t) => {
  const rows: Row[] = [
    [shell('dropdb --if-exists -h localhost checkout_test && createdb -h localhost checkout_test'), 'allow'],
    [shell("psql -h localhost -d app_dev -c 'DROP TABLE IF EXISTS tmp_import;'"), 'allow'],
    [shell('redis-cli -h 127.0.0.1 -n 15 FLUSHDB'), 'allow'],
    [shell('redis-cli FLUSHALL'), 'allow'],
    [shell("psql 'host=/var/run/postgresql dbname=app' -c 'TRUNCATE users'"), 'allow'],
    [shell('mysql -S /tmp/mysql.sock -e "DROP DATABASE scratch"'), 'allow'],
    [shell("sqlite3 dev.db 'DROP TABLE users'"), 'allow'],
    [shell('redis-cli -h cache.prod.internal -a "$REDIS_PASS" FLUSHALL'), 'deny', 'cloud_destructive.sql_flush_all'],
    [shell('dropdb --host=db.prod.internal --username=admin app_production'), 'deny', 'cloud_destructive.drop_database'],
    [shell("mongosh 'mongodb://admin@mongo.prod:27017/orders' --quiet --eval 'db.dropDatabase()'"), 'deny', 'cloud_destructive.sql_drop_database'],
    [shell("mongosh 'mongodb+srv://cluster0.example.net/orders' --eval 'db.dropDatabase()'"), 'deny', 'cloud_destructive.sql_drop_database'],
    [shell("psql service=prod -c 'DROP TABLE users'"), 'deny', 'cloud_destructive.sql_drop_object'],
    // No host on the line: psql and mysql read it from the environment, which the hook cannot see.
    [shell('psql -c "TRUNCATE users"'), 'deny', 'cloud_destructive.sql_truncate'],
    // A test-named database alone is the reset `dropdb shop_test` is (round F, cloud.ts droppedScratchOnly).
    [shell('mysql -u root -e "DROP DATABASE shop_test"'), 'allow'],
    [shell('mysql -u root -e "DROP DATABASE shop"'), 'deny', 'cloud_destructive.sql_drop_database'],
    [shell('redis-cli -u redis://cache.example.com:6379 FLUSHALL'), 'deny', 'cloud_destructive.sql_flush_all'],
    [shell('sqlcmd -S prod-sql.example.com -Q "DROP DATABASE test"'), 'deny', 'cloud_destructive.sql_drop_database'],
  ];
  await runTable(t, rows);
});

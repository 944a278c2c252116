// Where a database client's statements land. Dropping a scratch table or flushing a test Redis
// on the developer's own machine is routine (`dropdb -h localhost checkout_test`,
// `redis-cli -h 127.0.0.1 -n 15 FLUSHDB`); the same statement against another host destroys
// shared data. The destination is read from the line only: host options, connection URLs and
// conninfo strings, and the client's host variables set on the line. With no host on the line a
// client that reads its host from the environment (psql's PGHOST, mysql's MYSQL_HOST) is not
// known to be local; redis-cli and mongosh read no such variable and are.
import type { SimpleCommand } from '../shell/types.js';
import { optionValueCI, positionals } from './facts.js';

export interface DbDestination {
  /** Loopback, a unix socket, a local file (sqlite) or no host given. */
  local: boolean;
  /** How the destination was named (`localhost`, `db.prod.internal`, `the local socket`). */
  where: string;
  /** The database the statement targets, when named. */
  database?: string;
}

// Clients whose first plain argument is the database name.
const NAMES_DATABASE = /^(?:psql|mysql|mariadb|mongo|mongosh)$/;
// Clients that only ever reach a hosted service.
const ALWAYS_REMOTE = /^(?:snowsql|bq|trino|presto)$/;
// Clients working on a local file.
const FILE_CLIENTS = /^(?:sqlite3?|duckdb)$/;

/** Host options and the variables each client reads its host from. */
const HOST_OPTIONS: ReadonlyMap<string, { short: string; long: string[]; env: string[]; socket?: string[] }> = new Map(Object.entries({
  psql: { short: 'h', long: ['--host'], env: ['PGHOST', 'PGHOSTADDR', 'PGSERVICE'] },
  dropdb: { short: 'h', long: ['--host'], env: ['PGHOST', 'PGHOSTADDR', 'PGSERVICE'] },
  mysql: { short: 'h', long: ['--host'], env: ['MYSQL_HOST'], socket: ['-S', '--socket'] },
  mariadb: { short: 'h', long: ['--host'], env: ['MYSQL_HOST'], socket: ['-S', '--socket'] },
  mysqladmin: { short: 'h', long: ['--host'], env: ['MYSQL_HOST'], socket: ['-S', '--socket'] },
  'mariadb-admin': { short: 'h', long: ['--host'], env: ['MYSQL_HOST'], socket: ['-S', '--socket'] },
  'redis-cli': { short: 'h', long: [], env: [] },
  mongo: { short: '', long: ['--host'], env: [] },
  mongosh: { short: '', long: ['--host'], env: [] },
  'clickhouse-client': { short: 'h', long: ['--host'], env: ['CLICKHOUSE_HOST'] },
  clickhouse: { short: 'h', long: ['--host'], env: ['CLICKHOUSE_HOST'] },
  cockroach: { short: '', long: ['--host', '--url'], env: ['COCKROACH_HOST', 'COCKROACH_URL'] },
  sqlcmd: { short: 'S', long: ['--server'], env: ['SQLCMDSERVER'] },
  cqlsh: { short: '', long: [], env: ['CQLSH_HOST'] },
}));

const URL_SCHEME = /^(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|clickhouse|cockroachdb|sqlserver|jdbc:[a-z]+):\/\//i;

/** Loopback names and addresses, unix sockets, and sqlcmd's spellings of the local server. */
export function isLocalHost(host: string): boolean {
  // Strip a port (`host:5432`, sqlcmd's `host,1433`, `[::1]:5432`) but not an IPv6 address's last group.
  let h = host.trim().replace(/^tcp:/i, '').replace(/,\d+$/, '').toLowerCase();
  h = h.startsWith('[') ? h.slice(1, h.indexOf(']') < 0 ? undefined : h.indexOf(']')) : h.split(':').length === 2 ? h.replace(/:\d+$/, '') : h;
  return h === 'localhost' || h.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(h) || h === '::1' || h === '0:0:0:0:0:0:0:1' || h.startsWith('/') || h === '.' || h === '(local)' || h === '(localdb)' || h.startsWith('(localdb)\\') || h.startsWith('.\\');
}

/** The host named by a connection URL (`postgres://u@host:5432/db`, `mongodb+srv://…` is always remote). */
function urlHost(url: string): { host: string; database?: string } {
  if (/^mongodb\+srv:/i.test(url)) return { host: url.replace(/^[^:]+:\/\/(?:[^@/]*@)?([^/?]*).*$/, '$1') || 'an SRV record' };
  const m = /^[^:]+(?::[a-z]+)?:\/\/(?:[^@/]*@)?(\[[^\]]*\]|[^/?:,]*)(?::\d+)?(?:,[^/?]*)?(?:\/([^?]*))?(?:\?(.*))?$/i.exec(url);
  if (!m) return { host: url };
  // `postgres:///db?host=/var/run/postgresql` puts the socket in the query.
  const qhost = /(?:^|&)host=([^&]*)/.exec(m[3] ?? '')?.[1];
  return { host: m[1] || (qhost ? decodeURIComponent(qhost) : ''), database: m[2] || undefined };
}

/** A libpq conninfo string (`host=db dbname=app`): its host and database. */
function conninfo(text: string): { host?: string; database?: string; service?: string } | undefined {
  if (!/(?:^|\s)(?:host|hostaddr|dbname|service)\s*=/.test(text)) return undefined;
  const get = (k: string): string | undefined => new RegExp(`(?:^|\\s)${k}\\s*=\\s*'?([^'\\s]*)`).exec(text)?.[1];
  return { host: get('hostaddr') ?? get('host'), database: get('dbname'), service: get('service') };
}

function optionValues(args: readonly string[], short: string, long: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') break;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && long.includes(eq < 0 ? a : a.slice(0, eq))) out.push(eq < 0 ? args[++i] ?? '' : a.slice(eq + 1));
    else if (short && a === `-${short}`) out.push(args[++i] ?? '');
    else if (short && a.startsWith(`-${short}`) && a.length > 2 && !a.startsWith('--')) out.push(a.slice(2));
  }
  return out;
}

// The wrapper label a command run by `docker exec` (podman, nerdctl, compose) carries (shell/unwrap.ts containerExec).
const CONTAINER_EXEC = /^a command run by (?:docker|podman|nerdctl|docker-compose)(?: compose)? exec in the container /;

/** The destination of a database client's statements, as far as the line shows it. */
export function dbDestination(cmd: SimpleCommand): DbDestination {
  const name = cmd.name;
  const args = cmd.args;
  if (FILE_CLIENTS.test(name)) return { local: true, where: 'a local database file', database: positionals(args)[0] };
  if (ALWAYS_REMOTE.test(name)) return { local: false, where: `the ${name} service` };
  if (name === 'invoke-sqlcmd') {
    // PowerShell's Invoke-Sqlcmd: -ServerInstance (any letter case) names the server; without it
    // the cmdlet connects to the local default instance.
    const server = optionValueCI(args, ['-serverinstance', '-hostname']);
    const database = optionValueCI(args, '-database');
    if (server === undefined) return { local: true, where: 'the local default instance (no -ServerInstance given)', database };
    return { local: !/[$`]/.test(server) && isLocalHost(server), where: server, database };
  }
  const spec = HOST_OPTIONS.get(name);
  if (!spec) return { local: false, where: 'an unknown host' };
  const hosts: string[] = [];
  let database: string | undefined;
  const env = new Map(cmd.assignments.map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)]));
  for (const v of spec.env) {
    const value = env.get(v);
    if (value === undefined) continue;
    // PGSERVICE names an entry in a service file the hook cannot read.
    hosts.push(v === 'PGSERVICE' ? `service ${value}` : URL_SCHEME.test(value) ? urlHost(value).host : value);
  }
  hosts.push(...optionValues(args, spec.short, spec.long).map((h) => (URL_SCHEME.test(h) ? urlHost(h).host : h)));
  if (name === 'redis-cli') hosts.push(...optionValues(args, 'u', []).map((u) => urlHost(u).host));
  if (name === 'cqlsh') hosts.push(...positionals(args).slice(0, 1));
  // URLs and conninfo strings wherever a database name may go (`psql postgres://…`, `-d "host=…"`).
  const dbArgs = [...optionValues(args, name === 'psql' ? 'd' : name === 'mysql' || name === 'mariadb' ? 'D' : '', ['--dbname', '--database', '--uri']), ...positionals(args, VALUE_OPTIONS)];
  for (const a of dbArgs) {
    if (URL_SCHEME.test(a)) {
      const u = urlHost(a);
      hosts.push(u.host);
      database ??= u.database;
      continue;
    }
    const ci = conninfo(a);
    if (ci) {
      if (ci.host !== undefined) hosts.push(ci.host);
      if (ci.service !== undefined) hosts.push(`service ${ci.service}`);
      database ??= ci.database;
      continue;
    }
    // `mongosh "$MONGODB_URI"`: mongosh's first argument is usually a connection string, and one
    // the hook cannot read may name any host.
    if ((name === 'mongosh' || name === 'mongo') && /^\$\{?[A-Za-z_]*(?:URI|URL|CONN|DSN)/i.test(a)) {
      hosts.push(a);
      continue;
    }
    if (NAMES_DATABASE.test(name)) database ??= a;
  }
  if (name === 'dropdb') database = positionals(args, VALUE_OPTIONS).pop();
  // A value the hook cannot read (`-h "$DB_HOST"`) may name any host.
  const remote = hosts.find((h) => /[$`]/.test(h) || !isLocalHost(h === '' ? 'localhost' : h));
  if (remote !== undefined) return { local: false, where: remote.startsWith('service ') ? `the connection ${remote}` : remote || 'an unknown host', database };
  const socket = spec.socket !== undefined && optionValues(args, spec.socket[0].slice(1), spec.socket.slice(1)).length > 0;
  if (hosts.length > 0 || socket) return { local: true, where: hosts[0] ?? 'the local socket', database };
  // No host on the line: a client that takes its host from the environment (PGHOST, MYSQL_HOST…)
  // goes wherever the agent's environment points, which the hook cannot see; redis-cli and mongosh
  // read no such variable and connect to the local server.
  // Run inside a local container (`docker compose exec db psql …`), a client with no host reaches
  // that container's own server: the developer's database, as a local socket is. (A pod reached by
  // `kubectl exec` may be production's, and stays judged as any server.)
  const container = cmd.via?.find((v) => CONTAINER_EXEC.test(v));
  if (container) return { local: true, where: `the server in ${container.slice(container.indexOf('the container'))} (no host on the line)`, database };
  if (spec.env.length > 0) return { local: false, where: `the server ${spec.env[0]} names (no host on the line)`, database };
  return { local: true, where: 'the local server (no host given)', database };
}

// Options of the clients that take a value, so their values are not read as a database name.
const VALUE_OPTIONS: ReadonlySet<string> = new Set(['-h', '--host', '-p', '--port', '-U', '--username', '-u', '--user', '-d', '--dbname', '-D', '--database', '-c', '--command', '-e', '--execute', '-f', '--file', '-n', '-a', '-S', '--socket', '--eval', '-Q', '-q', '--query', '-P', '--password', '-W', '-v', '--set', '--variable', '-o', '--output', '-T', '-F', '-R', '--url', '--uri', '--authenticationDatabase', '--maintenance-db', '-t', '--table']);

/** A database name that suggests production data (a local name may be a tunnel to production). */
export const PROD_DATABASE = /(?:^|[-_.])(?:prod|production|prd|live)(?:$|[-_.\d])/i;

// A script file's name that says what it does to the data: `reset_all.sql`, `drop-tables.sql`,
// `truncate.sql`, `wipe.js`, `teardown.sql`, `down.sql` (a migration's undo).
const DESTRUCTIVE_SCRIPT = /(?:^|[\/_.-])(?:drop|truncate|wipe|reset|purge|nuke|teardown|destroy|delete[_-]?all|clean[_-]?all|down|rollback|flush)(?:[_.-]|$)/i;
// The client options and redirections that hand a client a script file.
const FILE_OPTIONS: ReadonlySet<string> = new Set(['-f', '--file', '-i', '--input-file']);

/**
 * A script file, named for what it destroys, run by a database client against a destination the
 * line names as another host (`psql postgres://admin@prod-pg/app -f migrations/reset_all.sql`,
 * `mysql -h db.prod app < drop_all.sql`, `mongosh prod-cluster --file wipe.js`). The file's text
 * is not in the call: its name is the evidence. No host on the line, or a local one, is not this.
 */
export function destructiveScriptRun(cmd: SimpleCommand, dest: DbDestination): string | undefined {
  // (`psql "$PROD_DATABASE_URL"`: a variable named for production is as good as its host.)
  if (dest.local || (dest.where.includes('no host on the line') && !/^\$\{?\w*(?:PROD|PRD|LIVE)/i.test(dest.database ?? ''))) return undefined;
  const files: string[] = [];
  for (let i = 0; i < cmd.args.length; i++) {
    const a = cmd.args[i];
    if (FILE_OPTIONS.has(a)) files.push(cmd.args[i + 1] ?? '');
    else if (a.startsWith('--file=')) files.push(a.slice(7));
  }
  for (const r of cmd.redirects) if (r.op === '<') files.push(r.target.text);
  // `cat wipe.sql | psql …`: the script arrives on stdin from the stage before.
  if (cmd.stage > 0) for (const u of cmd.pipeline.stages[cmd.stage - 1] ?? []) if (u.name === 'cat') files.push(...positionals(u.args));
  return files.find((f) => /\.(?:sql|js|cql|psql|mongo)$/i.test(f) && DESTRUCTIVE_SCRIPT.test(f.slice(f.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '')));
}

// Migration and schema tools whose commands empty or drop the whole schema, by program: the
// subcommand words that do it. (Rails, Prisma and Django are judged in cloud.ts.)
const SCHEMA_WIPES: ReadonlyMap<string, RegExp> = new Map([
  ['sequelize', /^db:(?:drop|migrate:undo:all|seed:undo:all)$/],
  ['sequelize-cli', /^db:(?:drop|migrate:undo:all|seed:undo:all)$/],
  ['knex', /^migrate:(?:rollback|down)$/],
  ['typeorm', /^(?:schema:drop|migration:revert)$/],
  ['typeorm-ts-node-commonjs', /^(?:schema:drop|migration:revert)$/],
  ['typeorm-ts-node-esm', /^(?:schema:drop|migration:revert)$/],
  ['mikro-orm', /^(?:schema:drop|schema:fresh|migration:fresh|migration:down)$/],
  ['drizzle-kit', /^drop$/],
  ['alembic', /^downgrade$/],
  ['flyway', /^clean$/],
  ['liquibase', /^(?:dropAll|drop-all|rollback-count|rollbackCount)$/],
  ['diesel', /^(?:database|migration)$/],
  ['sqlx', /^database$/],
  ['dbmate', /^(?:drop|rollback|down)$/],
  ['goose', /^(?:reset|down-to|down)$/],
  ['migrate', /^(?:drop|down)$/],
  // Framework consoles: Laravel's artisan (`php artisan migrate:fresh`), Symfony's bin/console,
  // Elixir's mix, .NET's `dotnet ef database drop`, Flask-Migrate's `flask db downgrade base`.
  ['php', /^(?:migrate:fresh|migrate:reset|migrate:refresh|db:wipe)$/],
  ['console', /^(?:doctrine:database:drop|doctrine:schema:drop)$/],
  ['mix', /^(?:ecto\.drop|ecto\.reset)$/],
  ['dotnet', /^database$/],
  ['flask', /^downgrade$/],
  // `rails runner 'User.delete_all' -e production`: Ruby code that empties or drops tables.
  ['rails', /^runner$/],
]);
// Words that name production in an environment option, a URL or a settings module.
const PROD_WORD = /(?:^|[-_.=/:@\s])(?:prod|production|prd|live)(?:$|[-_.=/:\s\d])/i;

/**
 * A migration tool told to drop or empty the schema where the line names production (`npx
 * sequelize-cli db:drop --env production`, `knex migrate:rollback --all --env production`, `flyway
 * -url=jdbc:postgresql://db.prod… clean`, `NODE_ENV=production npx typeorm schema:drop`): the
 * reason, or undefined. The same commands on a development database are routine.
 */
export function schemaWipeInProduction(cmd: SimpleCommand): string | undefined {
  const verbs = SCHEMA_WIPES.get(cmd.name);
  if (!verbs) return undefined;
  const pos = positionals(cmd.args);
  const verb = pos.find((p) => verbs.test(p));
  if (!verb) return undefined;
  // diesel/sqlx `database reset|drop`, migrate `drop`, alembic `downgrade base`: the second word decides.
  if ((cmd.name === 'diesel' || cmd.name === 'sqlx') && !/^(?:reset|drop|redo)$/.test(pos[pos.indexOf(verb) + 1] ?? '')) return undefined;
  if ((cmd.name === 'alembic' || cmd.name === 'flask') && !/^base$|^-\d{2,}$/.test(pos[pos.indexOf(verb) + 1] ?? '')) return undefined;
  if (cmd.name === 'dotnet' && (pos[0] !== 'ef' || pos[pos.indexOf(verb) + 1] !== 'drop')) return undefined;
  if (cmd.name === 'rails' && !/\b(?:delete_all|destroy_all|drop_table|truncate)\b/.test(pos[pos.indexOf(verb) + 1] ?? '')) return undefined;
  if (cmd.name === 'knex' && verb === 'migrate:rollback' && !cmd.args.includes('--all')) return undefined;
  const prod = [...cmd.args, ...cmd.assignments].find((a) => PROD_WORD.test(a) && !/^--?(?:help|version)/.test(a));
  return prod ? `\`${cmd.name} ${verb}\` drops or empties the database schema where the line names production (${prod.slice(0, 80)})` : undefined;
}

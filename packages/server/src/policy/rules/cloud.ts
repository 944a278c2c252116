// cloud_destructive: infrastructure and data teardown (terraform destroy, aws s3 rm
// --recursive, rds delete-db-instance, gcloud/az … delete, kubectl delete namespace, helm
// uninstall, scale to zero) and destructive SQL sent through database clients or MCP tools.
// Flags that skip the tool's own confirmation (-auto-approve, --yes, --quiet, --force) raise
// the severity one step; production-looking names raise it as well.
import { sqlGrant } from './privilege.js';
import type { Script, SimpleCommand } from '../shell/types.js';
import type { Severity } from '../types.js';
import { severityRank, shiftSeverity } from '../findings.js';
import { sqlPrograms } from './sql-programs.js';
import type { RuleContext } from './context.js';
import { isDryRun } from './dry-run.js';
import { dbDestination, destructiveScriptRun, isLocalHost, schemaWipeInProduction, PROD_DATABASE, type DbDestination } from './db-destination.js';
import { BUILD_OUTPUT_DIR, DATA_STORE_NAME, hasArgCI, hasLong, hasShort, optionValue, optionValueCI, positionals } from './facts.js';
import { inspectHostingCommand } from './hosting.js';

const CATEGORY = 'cloud_destructive';
const PROD = /(?:^|[-_./:\s])(?:prod|production|prd|live|main)(?:$|[-_./:\s\d])/i;
const KUBECTL_VALUE_OPTIONS = new Set(['-n', '--namespace', '-l', '--selector', '--context', '-f', '--filename']);
const AWS_VALUE_OPTIONS = new Set(['--profile', '--region', '--endpoint-url', '--output', '--exclude', '--include', '--acl', '--storage-class', '--cache-control', '--content-type', '--content-encoding', '--content-disposition', '--content-language', '--sse', '--sse-kms-key-id', '--sse-c', '--metadata', '--metadata-directive', '--expires', '--grants', '--website-redirect', '--page-size', '--source-region', '--request-payer', '--ca-bundle', '--cli-read-timeout', '--cli-connect-timeout']);
const HELM_VALUE_OPTIONS = new Set(['-n', '--namespace', '--kube-context', '--kubeconfig', '--timeout', '--description', '--cascade']);
// Names of environments made to be thrown away: previews, review apps, pull-request and test deployments.
const EPHEMERAL = /(?:^|[-_.])(?:pr|preview|previews|review|reviews|review-apps?|ephemeral|tmp|temp|scratch|sandbox|test|tests|testing|e2e|ci)(?:$|[-_.\d])/i;
const MYSQLADMIN_VALUE_OPTIONS = new Set(['-h', '--host', '-u', '--user', '-P', '--port', '-S', '--socket', '-p']);
const REDIS_VALUE_OPTIONS = new Set(['-h', '-p', '-a', '-n', '-u']);
const CLOUD_PROGRAMS = new Set(['dropdb', 'terraform', 'tofu', 'terragrunt', 'pulumi', 'cdk', 'cdktf', 'sst', 'aws', 'gcloud', 'gsutil', 'az', 'kubectl', 'oc', 'helm', 'docker', 'firebase', 'rclone', 's3cmd', 'etcdctl']);
const DB_CLIENTS = /^(?:mysql|mariadb|mysqladmin|mariadb-admin|psql|sqlite3?|sqlcmd|invoke-sqlcmd|clickhouse-client|clickhouse|cockroach|duckdb|snowsql|bq|mongo|mongosh|redis-cli|cqlsh|trino|presto)$/;

function emit(ctx: RuleContext, severity: Severity, rule: string, reason: string): void {
  ctx.emit({ patternName: `${CATEGORY}.${rule}`, severity, category: CATEGORY, layer: 'builtin', reason });
}

/** Destructive statements in SQL (or Mongo/Redis) text. Comments and string literals are ignored. */
export function sqlRisk(sql: string): { severity: Severity; rule: string; what: string } | null {
  const text = sql.slice(0, 65_536).replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ').replace(/'(?:[^']|'')*'/g, "''");
  let best: { severity: Severity; rule: string; what: string } | null = null;
  const take = (severity: Severity, rule: string, what: string) => {
    if (!best || ['info', 'low', 'medium', 'high', 'critical'].indexOf(severity) > ['info', 'low', 'medium', 'high', 'critical'].indexOf(best.severity)) best = { severity, rule, what };
  };
  for (const stmt of text.split(';')) {
    const s = stmt.trim();
    // A Cassandra/Scylla keyspace is the database: every table in it goes with it.
    if (/^drop\s+(?:database|schema|keyspace)\b/i.test(s)) take('high', 'drop_database', s.slice(0, 80));
    else if (/^drop\s+(?:table|view|materialized\s+view|index|collection|user|role)\b/i.test(s)) take(/^drop\s+table/i.test(s) ? 'high' : 'medium', 'drop_object', s.slice(0, 80));
    else if (/^truncate\b/i.test(s)) take('high', 'truncate', s.slice(0, 80));
    else if (/^delete\s+from\b/i.test(s)) take(/\bwhere\b/i.test(s) ? 'medium' : 'high', 'delete_rows', s.slice(0, 80));
    else if (/^update\s+\S+\s+set\b/i.test(s) && !/\bwhere\b/i.test(s)) take('high', 'update_all_rows', s.slice(0, 80));
    else if (/^alter\s+table\b[\s\S]*\bdrop\b/i.test(s)) take('medium', 'alter_drop', s.slice(0, 80));
  }
  if (/\.dropDatabase\s*\(|\.drop\s*\(\s*\)/.test(text)) take('high', 'drop_database', 'dropDatabase()');
  if (/\.deleteMany\s*\(\s*\{\s*\}\s*\)/.test(text)) take('high', 'delete_rows', 'deleteMany({})');
  const flush = /(?:^|\s)(flushall|flushdb)\b/i.exec(text);
  if (flush) take('high', 'flush_all', flush[1].toUpperCase());
  return best;
}

// Statements that change rows, documents, keys or schema without destroying a table (sqlRisk covers those).
const DATA_WRITE = /^(?:update\s+\S+\s+set|insert\s+into|replace\s+into|merge\s+into|upsert\s+into|alter\s+table|delete\s+from|(?:del|unlink|set|mset|hset|hdel|expire|rename|lpush|rpush|zadd|zrem|srem|sadd|getdel)\s)/i;
const MONGO_WRITE = /\.(?:update(?:One|Many)?|insert(?:One|Many)?|replaceOne|delete(?:One|Many)|remove|findOneAndUpdate|findOneAndDelete|renameCollection|bulkWrite)\s*\(/;

/** The first statement of `sql` that changes data or schema, for the reason; null when it only reads. */
function dataWrite(sql: string): string | null {
  const text = sql.slice(0, 65_536);
  const mongo = MONGO_WRITE.exec(text);
  if (mongo) return mongo[0].slice(1, -1).trim() + '()';
  for (const stmt of text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ').split(';')) {
    const st = stmt.trim();
    if (DATA_WRITE.test(st)) return st.slice(0, 80);
  }
  return null;
}

/**
 * A destructive statement sent by `via`. With a destination that is local (loopback, a unix socket,
 * a sqlite file, no host given) it is routine development work: logged at low severity, or a
 * warning when the database is named like production (a local port is often a tunnel to it).
 */
export function emitSql(ctx: RuleContext, sql: string, via: string, dest?: DbDestination): void {
  for (const p of sqlPrograms(sql)) {
    const found = ctx.inspectNested(p.command).filter((f) => severityRank(f.severity) > severityRank('low'));
    for (const f of found) ctx.emit({ ...f, reason: `${via} ${p.how}: ${f.reason}` });
    if (found.length === 0) ctx.emit({ patternName: 'remote_code_exec.sql_program', severity: 'low', category: 'remote_code_exec', layer: 'builtin', reason: `${via} ${p.how}.` });
  }
  const grant = sqlGrant(sql);
  if (grant) ctx.emit({ patternName: 'privilege.access_grant', severity: dest?.local ? 'low' : 'medium', category: 'privilege', layer: 'builtin', reason: `${via} grants broad database privileges (${grant})${dest ? ` on ${dest.where}` : ''}, a privilege grant that outlives the session.` });
  const r = sqlRisk(sql);
  if (!r) {
    // Not destructive by itself, but a hand-typed change to production data or schema (an UPDATE
    // with a WHERE, ALTER TABLE … ADD, a Mongo updateMany, a Redis DEL) skips review and migrations:
    // the user should see it. Only when the line names production; staging and local stay quiet.
    if (dest && !dest.local) {
      const w = dataWrite(sql);
      const prod = w && [dest.where, dest.database ?? ''].find((x) => PROD.test(x) || PROD_DATABASE.test(x));
      if (w && prod) emit(ctx, 'medium', 'production_write', `${via} changes production data by hand (${w}) on ${prod}; a wrong WHERE or key cannot be undone without a backup.`);
    }
    return;
  }
  if (dest?.local) return emitLocal(ctx, `sql_${r.rule}`, `${via} runs a destructive statement (${r.what})`, dest, r.what);
  if (dest && /no host on the line/.test(dest.where) && !/[$:/@]/.test(dest.database ?? '') && r.rule === 'drop_database' && droppedScratchOnly(sql)) return emit(ctx, 'low', `sql_${r.rule}`, `${via} drops databases named for tests or development (${r.what}) on ${dest.where}.`);
  // A schema object dropped on a remote server named like production (`cqlsh cassandra-prod-1 -e
  // 'DROP INDEX …'`, `mongosh $MONGO_PROD_URI --eval 'db.users.drop()'`): one step up, as for the
  // cloud CLIs. Row deletes with a WHERE stay a warning.
  const prodDest = dest && (r.rule === 'drop_object' || r.rule === 'alter_drop') && [dest.where, dest.database ?? ''].some((x) => PROD.test(x) || PROD_DATABASE.test(x));
  emit(ctx, prodDest ? shiftSeverity(r.severity, 1) : r.severity, `sql_${r.rule}`, `${via} runs a destructive statement (${r.what})${dest ? ` on ${dest.where}` : ''}; the data cannot be recovered without a backup.`);
}

const SCRATCH_DATABASE = /(?:^|[_-])(?:test|tests|testing|ci|scratch|tmp|temp|e2e)(?:$|[_-])/i;
// A developer's own database by name (`app_dev`, `shop-development`, `webshop_local`).
const DEV_DATABASE = /(?:^|[_-])(?:dev|development|local)(?:$|[_-])/i;
const DROP_DATABASE_STMT = /^\s*drop\s+(?:database|schema)\s+(?:if\s+exists\s+)?[`"[]?([\w.-]+)[`"\]]?\s*(?:with\s*\(\s*force\s*\)\s*)?$/i;

/**
 * `DROP DATABASE IF EXISTS app_test; CREATE DATABASE app_test;` with no host on the line: every
 * database dropped is named as a test or development copy and nothing else is destroyed — the
 * reset `dropdb app_test` already is (low). A production-looking or plain name (`shop`) is not.
 */
function droppedScratchOnly(sql: string): boolean {
  if (sql.length > 4096) return false;
  let dropped = 0;
  for (const stmt of sql.split(';')) {
    if (!/^\s*drop\b/i.test(stmt)) { if (sqlRisk(stmt)) return false; continue; }
    const m = DROP_DATABASE_STMT.exec(stmt);
    if (!m || PROD_DATABASE.test(m[1]) || !(SCRATCH_DATABASE.test(m[1]) || DEV_DATABASE.test(m[1]))) return false;
    dropped++;
  }
  return dropped > 0;
}

// A WHERE clause that selects only rows already dead by their own expiry: an expiry column in the
// past (`expires_at < now() - interval …`, `valid_until <= current_timestamp`) or an expired flag
// or status. Such rows are garbage. Age-based retention (`created_at < now() - 30 days`) is not
// the same: it deletes live rows by policy, and stays a warning (public corpus pub-029).
const EXPIRED_ONLY = /^delete\s+from\s+[\w."]{1,128}\s+where\s+(?:[\w."]{1,64}\.)?"?(?:expires?_?(?:at|on|time|date)?|expiry(?:_?(?:at|date|time))?|expiration(?:_?(?:at|date|time))?|valid_?(?:until|to)|ttl_?(?:at|until)?|dead_?line)"?\s{0,3}(?:<|<=)\s{0,3}(?:now\s{0,3}\(\s{0,3}\)|current_(?:timestamp|date)|localtimestamp|sysdate|getdate\s{0,3}\(\s{0,3}\)|utc_timestamp\s{0,3}\(\s{0,3}\)|datetime\s{0,3}\(\s{0,3}'[^']*'\s{0,3}\))(?:\s{0,3}-\s{0,3}interval\s{1,3}'[^']*'|\s{0,3}-\s{0,3}\d{1,6})?\s{0,3}$|^delete\s+from\s+[\w."]{1,128}\s+where\s+(?:[\w."]{1,64}\.)?"?(?:is_)?expired"?\s{0,3}(?:=\s{0,3}(?:true|1)|is\s{1,3}true)?\s{0,3}$|^delete\s+from\s+[\w."]{1,128}\s+where\s+(?:[\w."]{1,64}\.)?"?(?:status|state)"?\s{0,3}=\s{0,3}''\s{0,3}$/i;

/** The statements of `sql` (literals and comments blanked) when each destructive one deletes expired rows only. */
function expiredRowsOnly(sql: string): boolean {
  const text = sql.slice(0, 65_536).replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
  let found = false;
  for (const st of text.split(';')) {
    if (!sqlRisk(st)) continue;
    // Status values are compared as written: only a literal 'expired' counts.
    const blanked = st.trim().replace(/'(?:[^']|'')*'/g, (lit) => (/^'(?:expired|stale)'$/i.test(lit) ? "''" : "'x'"));
    if (!EXPIRED_ONLY.test(blanked)) return false;
    found = true;
  }
  return found;
}

/**
 * A statement sent through an MCP database tool, whose connection is configured with the server
 * and not visible in the call. Clearing rows already expired (sessions, tokens, cache entries
 * past their `expires_at`) is housekeeping that loses nothing live: logged only, unless the
 * server, the arguments or the statement name production. Everything else (a DELETE without
 * WHERE, age-based retention, TRUNCATE, DROP) is judged as anywhere else.
 */
export function emitMcpSql(ctx: RuleContext, sql: string, via: string, context: string): void {
  if (!expiredRowsOnly(sql) || `${context} ${sql}`.split(/[\s;,()`"'\/:@?=&]+/).some((w) => PROD_DATABASE.test(w))) return emitSql(ctx, sql, via);
  emit(ctx, 'low', 'sql_delete_expired', `${via} deletes rows already past their expiry (${sqlRisk(sql)?.what ?? ''}), on a database not named like production.`);
}

function emitLocal(ctx: RuleContext, rule: string, what: string, dest: DbDestination, statement = ''): void {
  const prod = [dest.database ?? '', ...statement.split(/[\s;,()`"]+/)].find((w) => PROD_DATABASE.test(w));
  emit(ctx, prod ? 'medium' : 'low', rule, prod
    ? `${what} on ${dest.where}, but ${prod} is named like production (a local port may be a tunnel to it).`
    : `${what} on ${dest.where}: a local development database.`);
}

/** One step up when the tool's own confirmation is skipped, one more for production-looking names. */
function bump(args: readonly string[], base: Severity): Severity {
  return shiftSeverity(base, (confirmSkipped(args) ? 1 : 0) + (prodish(args) && base !== 'low' ? 1 : 0) + (deletesAllListed(args) ? 1 : 0));
}

// A listing that narrows what it lists: a filter, a tag or label selector, a JMESPath `[?…]` test, a grep.
const NARROWED_LISTING = /filter|tag|label|selector|Values=|\?|starts_with|contains|grep|select|\s-l\s/i;

/**
 * Deletes every resource of a kind the account lists, with no filter: the ids come from a listing
 * substitution (`--instance-ids $(aws ec2 describe-instances --query … --output text)`,
 * `$(gcloud compute instances list --format='value(name)')`). The whole fleet goes, not one resource.
 */
function deletesAllListed(args: readonly string[]): boolean {
  for (const a of args) {
    if (!a.includes('$(') && !a.includes('`')) continue;
    if (/\b(?:describe-[a-z-]+|list(?:-[a-z-]+)?)\b/.test(a) && !NARROWED_LISTING.test(a)) return true;
  }
  return false;
}

const ETCD_VALUE_OPTIONS: ReadonlySet<string> = new Set(['--endpoints', '--cacert', '--cert', '--key', '--user', '--password', '--dial-timeout', '--command-timeout', '-w', '--write-out']);

function confirmSkipped(args: readonly string[]): boolean {
  return hasLong(args, '-auto-approve', '--auto-approve', '--yes', '--quiet', '--force', '--skip-final-snapshot', '--no-prompt') || hasShort(args, 'y') || args.includes('-q');
}

// Cmdlets that delete stored data or a whole group of resources (`Remove-AzResourceGroup`,
// `Remove-AzSqlDatabase`, `Remove-S3Bucket -DeleteBucketContent`, `Remove-RDSDBInstance`).
const CMDLET_DATA = /^remove-(?:az(?:resourcegroup|sql\w*|cosmosdb\w*|storage(?:account|container)|keyvault\w*|postgresql\w*|mysql\w*|disk|snapshot)|s3bucket|s3object|rdsdb\w*|ddbtable|ec2volume|ec2snapshot|kmskey|secsecret|ecrrepository)$/;

function inspectCloudCmdlet(cmd: SimpleCommand, ctx: RuleContext): void {
  const name = cmd.name;
  if (!/^remove-(?:az|s3|ec2|rds|ddb|kms|sec|ecr|iam|cfn|eks|lm)/.test(name)) return;
  const force = cmd.args.some((a) => /^-(?:force|deletebucketcontent)$/i.test(a));
  const prod = cmd.args.some((a) => PROD.test(a));
  const data = CMDLET_DATA.test(name);
  emit(ctx, shiftSeverity(data ? 'medium' : 'low', (force ? 1 : 0) + (prod && data ? 1 : 0)), name.startsWith('remove-az') ? 'az_delete' : 'aws_delete', `${cmd.argv[0]?.text ?? name} deletes ${data ? 'stored data or a whole resource group' : 'cloud resources'}${force ? ' without asking' : ''}.`);
}

/**
 * What a terraform run touches when that is only throwaway environments: every `-target=`
 * address, or the workspace its environment selects (`TF_WORKSPACE=pr-12`), named as a preview,
 * pull-request or test environment. Undefined otherwise.
 */
function terraformThrowaway(cmd: SimpleCommand, script: Script | undefined): string | undefined {
  const targets = cmd.args.filter((a) => a.startsWith('-target=') || a.startsWith('--target=')).map((a) => a.slice(a.indexOf('=') + 1));
  if (targets.length && targets.every((t) => t.split(/[.[\]"]/).some((part) => EPHEMERAL.test(part)))) return targets.join(', ');
  const ws = cmd.assignments.find((a) => a.startsWith('TF_WORKSPACE='))?.slice(13) ?? selectedWorkspace(cmd, script);
  return ws && EPHEMERAL.test(ws) ? `the workspace ${ws}` : undefined;
}

/**
 * The workspace an earlier `terraform workspace select|new NAME` of the same line, in the same
 * directory, left selected for `cmd` (`… select pr-12 && terraform destroy -auto-approve`).
 * A selection made before the line is not visible, so none is assumed.
 */
function selectedWorkspace(cmd: SimpleCommand, script: Script | undefined): string | undefined {
  if (!script) return undefined;
  let ws: string | undefined;
  const chdir = (c: SimpleCommand) => c.args.find((a) => a.startsWith('-chdir='));
  for (const c of script.commands) {
    if (c === cmd) return ws;
    if (c.name !== cmd.name || c.cwdShift !== cmd.cwdShift || c.cwdIsSubdir !== cmd.cwdIsSubdir || chdir(c) !== chdir(cmd)) continue;
    const p = positionals(c.args);
    if (p[0] === 'workspace' && (p[1] === 'select' || p[1] === 'new')) ws = p[p.length - 1];
  }
  return undefined;
}

/**
 * An object-store URL whose prefix (not the bucket root) ends in a throwaway environment's name
 * (`s3://dev-artifacts/pr-1432/`, `gs://b/previews/review-12`), in a bucket named neither as
 * production nor as a data store. Deleting under it removes one preview's files, as `aws s3 sync
 * --delete` into a prefix does.
 */
function throwawayPrefix(url: string | undefined): boolean {
  const m = url ? /^(?:s3|gs|r2):\/\/([^/]+)\/(.*?)\/*$/.exec(url) : null;
  if (!m || !m[2] || /[*?]/.test(m[2]) || PROD.test(m[1]) || DATA_STORE_NAME.test(m[1]) || PROD.test(m[2])) return false;
  return EPHEMERAL.test(m[2].slice(m[2].lastIndexOf('/') + 1));
}
// A target computed by a listing (`--instance-ids $(aws ec2 describe-instances --filters
// Name=tag:env,Values=prod …)`) is production when the listing's words select production.
const SUBSTITUTION_WORDS = /[\s()$`'"=,]+/;

function prodish(args: readonly string[]): boolean {
  return args.some((a) => PROD.test(a) || ((a.includes('$(') || a.includes('`')) && a.split(SUBSTITUTION_WORDS).some((w) => PROD.test(w))));
}

// Databases dropped through an application framework or its HTTP API rather than a SQL client.
const FRAMEWORK_DB_PROGRAMS: ReadonlySet<string> = new Set(['rails', 'rake', 'python', 'python3', 'django-admin', 'curl', 'prisma']);
const RAILS_DESTROY = /^db:(?:drop|reset|purge|truncate_all|schema:load|structure:load|seed:replant|migrate:reset)(?::all)?$/;

function inspectFrameworkDb(cmd: SimpleCommand, ctx: RuleContext): void {
  const args = cmd.args;
  const name = cmd.name;
  if (name === 'rails' || name === 'rake') {
    const task = args.find((a) => RAILS_DESTROY.test(a));
    if (!task) return;
    // Rails refuses these tasks on a production database unless DISABLE_DATABASE_ENVIRONMENT_CHECK
    // is set; setting it, or naming production, is the intent to destroy that data.
    const env = cmd.assignments.find((a) => /^(?:RAILS_ENV|RACK_ENV)=/.test(a))?.split('=')[1] ?? '';
    const forced = cmd.assignments.some((a) => /^DISABLE_DATABASE_ENVIRONMENT_CHECK=./.test(a));
    if (forced || PROD.test(env) || PROD_DATABASE.test(env)) emit(ctx, 'critical', 'framework_db_drop', `\`${name} ${task}\` destroys the ${env || 'current'} database${forced ? ' with Rails\'s production safeguard switched off' : ''}.`);
    return;
  }
  if (name === 'curl') {
    // Elasticsearch/OpenSearch: DELETE on `_all`, `*` or a wildcard index pattern removes every matching index.
    const method = optionValue(args, ['-X', '--request'])?.toUpperCase();
    if (method !== 'DELETE') return;
    const url = args.find((a) => /^https?:\/\//i.test(a));
    const m = url ? /^https?:\/\/(?:[^@/]*@)?\[?([^/:\]]+)[^/]*\/([^/?#]*)/i.exec(url) : null;
    const index = m?.[2];
    if (!m || !index || (index !== '_all' && !index.includes('*'))) return;
    // A cluster on this machine holds development data (docker compose's Elasticsearch).
    if (isLocalHost(m[1])) emit(ctx, 'low', 'search_index_delete', `curl -X DELETE ${url} deletes the indices matching ${index} on a local cluster.`);
    else emit(ctx, 'critical', 'search_index_delete', `curl -X DELETE ${url} deletes every index matching ${index} on that cluster.`);
    return;
  }
  // Prisma's reset commands are for development: they drop and recreate the database DATABASE_URL
  // names. On the development database that is routine (logged); pointed at production (by the
  // URL, a production env, or a URL fetched from a production app) it wipes that data.
  if (name === 'prisma') {
    const reset = (args[0] === 'migrate' && args[1] === 'reset') || (args[0] === 'db' && args[1] === 'push' && args.includes('--force-reset'));
    if (!reset) return;
    // (A URL fetched by a command substitution is judged by the words of that command: `-a acme-prod`.)
    const prod = cmd.assignments.find((a) => a.slice(a.indexOf('=') + 1).split(/[\s()$`'"=]+/).some((w) => PROD.test(w) || PROD_DATABASE.test(w)));
    if (prod) emit(ctx, 'critical', 'framework_db_drop', `\`prisma ${args[0]} ${args[1]}\` drops and recreates the database ${prod.split('=')[0]} names, which points at production.`);
    else emit(ctx, 'low', 'framework_db_reset', `\`prisma ${args[0]} ${args[1]}\` resets the development database.`);
    return;
  }
  // Django: `manage.py flush` deletes every row of every table (the schema stays).
  const script = name === 'django-admin' ? 'django-admin' : args[0];
  const at = name === 'django-admin' ? 0 : 1;
  if (script && /(?:^|\/)(?:manage\.py|django-admin)$/.test(script) && args[at] === 'flush') {
    const db = args.find((a) => a.startsWith('--database='))?.slice(11) ?? 'default';
    // The settings module chooses the database too: `--settings=config.settings.production`.
    const settings = args.find((a) => a.startsWith('--settings='))?.slice(11) ?? cmd.assignments.find((a) => a.startsWith('DJANGO_SETTINGS_MODULE='))?.slice(23) ?? '';
    const prod = PROD.test(db) || PROD_DATABASE.test(db) || PROD.test(settings) || PROD_DATABASE.test(settings);
    emit(ctx, prod ? 'high' : 'medium', 'framework_db_flush', `\`manage.py flush\` deletes every row of the ${db} database${settings ? ` under the settings ${settings}` : ''}${hasLong(args, '--no-input', '--noinput') ? ' without asking' : ''}.`);
  }
}

// Framework tasks that drop every table or the whole database, by the program that runs them
// (`php artisan`, Symfony's `bin/console`, `sequelize`, `knex`, `typeorm`, Elixir's `mix`,
// `dotnet ef`, `alembic`, `flask db`) and the words that select the task.

export function inspectCloudCommand(cmd: SimpleCommand, ctx: RuleContext, script?: Script): void {
  const args = cmd.args;
  const name = cmd.name;
  inspectHostingCommand(cmd, ctx);
  if (FRAMEWORK_DB_PROGRAMS.has(name)) inspectFrameworkDb(cmd, ctx);
  const wipe = args.length > 0 ? schemaWipeInProduction(cmd) : undefined;
  if (wipe) return emit(ctx, 'high', 'framework_db_drop', `${wipe}; the data cannot be recovered without a backup.`);
  // Azure PowerShell and AWS Tools for PowerShell: `Remove-AzResourceGroup -Force` is `az group delete --yes`.
  if (name.charCodeAt(0) === 114 /* r */ && name.startsWith('remove-')) return inspectCloudCmdlet(cmd, ctx);
  if (!CLOUD_PROGRAMS.has(name) && !DB_CLIENTS.test(name)) return;
  if (DB_CLIENTS.test(name)) {
    // PowerShell's Invoke-Sqlcmd takes -Query in any letter case.
    const inline = [name === 'invoke-sqlcmd' ? optionValueCI(args, '-query') : optionValue(args, ['-e', '--execute', '-c', '--command', '--eval', '-Q', '-q', '--query']), ...cmd.redirects.filter((r) => r.op.startsWith('<<')).map((r) => r.target.text)];
    if (name === 'sqlite3' || name === 'sqlite' || name === 'duckdb') inline.push(positionals(args).slice(1).join(' '));
    // `mysqladmin drop DB` is `DROP DATABASE DB` (-f skips its prompt).
    if (name === 'mysqladmin' || name === 'mariadb-admin') {
      const pos = positionals(args, MYSQLADMIN_VALUE_OPTIONS);
      const at = pos.indexOf('drop');
      if (at >= 0) inline.push(`DROP DATABASE ${pos[at + 1] ?? ''}`);
    }
    if (name === 'redis-cli') {
      const command = positionals(args, REDIS_VALUE_OPTIONS).join(' ');
      inline.push(command);
      // CONFIG SET dir/dbfilename points the next SAVE at any file the server may write: the classic
      // takeover writes an SSH key into authorized_keys, a crontab or a web root.
      const target = /^config\s+set\s+(?:dir|dbfilename)\s+(\S+)/i.exec(command);
      if (target) {
        const planted = /(?:^|\/)(?:\.ssh|authorized_keys\d?|cron(?:tabs?|\.d)?|spool|www|html|public_html|init\.d|profile\.d|\.bashrc|\.profile)(?:$|\/)|\.(?:php|jsp|aspx?|sh)$/i.test(target[1]);
        emit(ctx, planted ? 'critical' : 'medium', 'redis_config_write', `\`redis-cli CONFIG SET\` points Redis's dump file at ${target[1]}${planted ? ', which lets the server write an SSH key, cron job or script there' : '; the server will write its data there'}.`);
      }
    }
    const dest = dbDestination(cmd);
    for (const sql of inline) if (sql) emitSql(ctx, sql, name, dest);
    const script = destructiveScriptRun(cmd, dest);
    if (script) emit(ctx, 'medium', 'sql_script_remote', `${name} runs ${script}, a script named for destroying data, against ${dest.where}${dest.database ? ` (database ${dest.database})` : ''}; the data cannot be recovered without a backup.`);
    return;
  }
  // A dry run of a sync, delete or uninstall only reports what it would do (dry-run.ts).
  if (isDryRun(cmd)) return;
  if (name === 'dropdb') {
    const dest = dbDestination(cmd);
    if (dest.local) return emitLocal(ctx, 'drop_database', `dropdb deletes the database ${dest.database ?? ''}`, dest);
    // No host on the line and a database named as a disposable copy (`checkout_test`, `app_e2e`, `app_dev`):
    // the usual reset of a test database, wherever PGHOST points.
    if (/no host on the line/.test(dest.where) && (SCRATCH_DATABASE.test(dest.database ?? '') || DEV_DATABASE.test(dest.database ?? '')) && !PROD_DATABASE.test(dest.database ?? '')) return emit(ctx, 'low', 'drop_database', `dropdb deletes ${dest.database}, named as a ${SCRATCH_DATABASE.test(dest.database ?? '') ? 'test' : 'development'} database, on ${dest.where}.`);
    return emit(ctx, bump(args, 'high'), 'drop_database', `dropdb deletes the database ${dest.database ?? positionals(args).pop() ?? ''}${/no host on the line/.test(dest.where) ? '' : ` on ${dest.where}`}.`);
  }
  switch (name) {
    case 'terraform':
    case 'tofu':
    case 'terragrunt': {
      const sub = args.find((a) => !a.startsWith('-')) ?? '';
      // Only throwaway resources touched: every `-target` (or the workspace the line's environment
      // selects) named as a preview, pull-request or test environment, as for helm releases below.
      const destroying = sub === 'destroy' || (sub === 'apply' && args.includes('-destroy'));
      const unreviewed = !destroying && sub === 'apply' && confirmSkipped(args);
      // (Looked for only when the run destroys or applies unreviewed: it walks the line's commands.)
      const throwaway = (destroying || unreviewed) && !args.some((a) => PROD.test(a) || PROD.test(a.slice(a.indexOf('=') + 1))) && terraformThrowaway(cmd, script);
      if (throwaway) emit(ctx, 'low', destroying ? 'terraform_destroy' : 'terraform_auto_approve', `${name} ${sub} changes only ${throwaway}, named as a throwaway environment.`);
      else if (destroying) emit(ctx, bump(args, 'medium'), 'terraform_destroy', `${name} destroy tears down every resource in the configuration.`);
      else if (unreviewed) emit(ctx, 'medium', 'terraform_auto_approve', `${name} apply -auto-approve changes infrastructure without showing the plan for review.`);
      // Breaking the state lock another run holds lets two runs write the state at once.
      else if (sub === 'force-unlock') emit(ctx, 'medium', 'state_lock_break', `${name} force-unlock removes a state lock another run may still hold; two runs writing the state at once can corrupt it.`);
      else if (sub === 'state' && /^(?:rm|push)$/.test(args[args.indexOf('state') + 1] ?? '')) emit(ctx, 'medium', 'terraform_state', `${name} state ${args[args.indexOf('state') + 1]} edits the state by hand.`);
      return;
    }
    case 'pulumi':
    case 'cdk':
    case 'cdktf':
    case 'sst':
      if (args[0] === 'destroy' || args[0] === 'remove') emit(ctx, bump(args, 'medium'), 'stack_destroy', `${name} ${args[0]} tears down a whole stack.`);
      // `pulumi stack rm` deletes the stack's state and history; with --force even while it still has resources.
      else if (name === 'pulumi' && args[0] === 'stack' && (args[1] === 'rm' || args[1] === 'remove') && !prodish(args) && EPHEMERAL.test(positionals(args).slice(2)[0] ?? '')) emit(ctx, 'low', 'stack_destroy', `pulumi stack rm deletes the throwaway stack ${positionals(args).slice(2)[0]}.`);
      else if (name === 'pulumi' && args[0] === 'stack' && (args[1] === 'rm' || args[1] === 'remove')) emit(ctx, shiftSeverity('medium', (hasLong(args, '--force') || hasShort(args, 'f') ? 1 : 0) + (prodish(args) ? 1 : 0)), 'stack_destroy', `pulumi stack rm deletes ${positionals(args).slice(2)[0] ? `the stack ${positionals(args).slice(2)[0]}` : 'the current stack'} with its state and history${hasLong(args, '--force') || hasShort(args, 'f') ? ', even while it still has resources, which are then left unmanaged' : ''}.`);
      // `pulumi cancel` stops the update another run is making and releases its lock.
      else if (name === 'pulumi' && args[0] === 'cancel') emit(ctx, 'medium', 'state_lock_break', 'pulumi cancel stops an update in progress and releases its lock, which can leave the stack half changed.');
      // `pulumi state delete|unprotect` edits the state by hand, as `terraform state rm` does.
      else if (name === 'pulumi' && args[0] === 'state' && (args[1] === 'delete' || args[1] === 'unprotect')) emit(ctx, 'medium', 'terraform_state', `pulumi state ${args[1]} edits the stack's state by hand.`);
      return;
    case 'aws': {
      const [svc, op] = positionals(args, AWS_VALUE_OPTIONS);
      // `--endpoint-url http://localhost:8000`: DynamoDB Local, LocalStack, MinIO; nothing in AWS is touched.
      const endpoint = /^https?:\/\/\[?([^/:\]]+)/i.exec(optionValue(args, ['--endpoint-url']) ?? '')?.[1];
      if (endpoint && isLocalHost(endpoint)) {
        if (op && /^(?:delete|terminate|remove|purge|destroy|rm|rb)(?:-|$)/.test(op)) emit(ctx, 'low', 'aws_delete', `aws ${svc} ${op} deletes from a local emulator at ${endpoint}, not from AWS.`);
        return;
      }
      if (svc === 's3' && op === 'rm' && hasLong(args, '--recursive') && throwawayPrefix(positionals(args, AWS_VALUE_OPTIONS)[2])) return emit(ctx, 'low', 's3_recursive_delete', `Recursively deletes ${positionals(args, AWS_VALUE_OPTIONS)[2]}, a prefix named as a throwaway environment.`);
      if (svc === 's3' && op === 'rm' && hasLong(args, '--recursive')) return emit(ctx, shiftSeverity('high', prodish(args) ? 1 : 0), 's3_recursive_delete', `Recursively deletes every object under ${positionals(args, AWS_VALUE_OPTIONS)[2] ?? 'the bucket'}.`);
      if (svc === 's3' && op === 'rb' && hasLong(args, '--force')) return emit(ctx, 'high', 's3_bucket_delete', 'Deletes a bucket and all its objects.');
      if (svc === 's3' && op === 'sync' && hasLong(args, '--delete')) {
        // Only objects under the destination that the source lacks are deleted: into a prefix
        // (`s3://site/pr-482`) that is a deploy replacing its own files; at a bucket root it can
        // empty the whole bucket.
        const [src = '', dest = ''] = positionals(args, AWS_VALUE_OPTIONS).slice(2);
        const prefix = /^s3:\/\/[^/]+\/(.*)$/.exec(dest)?.[1]?.replace(/\/+$/, '');
        // Publishing a build (`./dist`, `public/`) is a site deploy: the bucket is the site.
        if (BUILD_OUTPUT_DIR.test(src) && !prefix && !DATA_STORE_NAME.test(dest)) return emit(ctx, 'low', 's3_sync_delete', `aws s3 sync --delete publishes the build ${src} to ${dest}, deleting the objects it no longer has.`);
        if (prefix) return emit(ctx, 'low', 's3_sync_delete', `aws s3 sync --delete replaces the objects under ${dest}, deleting only those the source lacks, within that prefix.`);
        return emit(ctx, 'medium', 's3_sync_delete', `aws s3 sync --delete removes every object ${dest.startsWith('s3://') ? `in the bucket ${dest}` : `under ${dest || 'the destination'}`} that the source lacks.`);
      }
      if (svc === 's3api' && /^delete-bucket/.test(op ?? '')) return emit(ctx, 'high', 's3_bucket_delete', `aws s3api ${op} deletes bucket data.`);
      // An encryption key scheduled for deletion or disabled: whatever it encrypted is unreadable
      // once the waiting window ends (or until it is enabled again).
      if (svc === 'kms' && (op === 'schedule-key-deletion' || op === 'delete-imported-key-material' || op === 'disable-key')) return emit(ctx, shiftSeverity('medium', prodish(args) ? 1 : 0), 'key_destroy', `aws kms ${op} ${op === 'disable-key' ? 'disables' : op === 'delete-imported-key-material' ? 'deletes the key material of' : 'schedules the deletion of'} an encryption key; every piece of data encrypted with it becomes unreadable.`);
      if (!op || !/^(?:batch-)?(?:delete|terminate|remove|deregister|purge|destroy)-/.test(op)) return;
      const data = /^(?:rds|dynamodb|redshift|docdb|neptune|elasticache|efs|backup|s3api|kms|secretsmanager|ecr)$/.test(svc ?? '') || /db|table|cluster|snapshot|backup|volume|key|secret|bucket/.test(op);
      const base: Severity = data ? 'high' : 'medium';
      const everything = deletesAllListed(args);
      return emit(ctx, args.includes('--skip-final-snapshot') ? 'critical' : shiftSeverity(base, (prodish(args) ? 1 : 0) + (everything ? 1 : 0)), 'aws_delete', `aws ${svc} ${op} permanently deletes ${data ? 'stored data' : 'cloud resources'}${everything ? ': every one the account lists, with no filter' : ''}.`);
    }
    case 'gcloud': {
      const pos = positionals(args);
      // `gcloud storage rm -r` is `gsutil rm -r`.
      if (pos[0] === 'storage' && pos[1] === 'rm' && (hasShort(args, 'r') || hasShort(args, 'R') || hasLong(args, '--recursive'))) {
        return throwawayPrefix(pos[2]) ? emit(ctx, 'low', 'bucket_recursive_delete', `gcloud storage rm -r deletes ${pos[2]}, a prefix named as a throwaway environment.`) : emit(ctx, 'high', 'bucket_recursive_delete', `gcloud storage rm -r deletes every object under ${pos[2] ?? 'the path'}.`);
      }
      if (pos[0] === 'kms' && (pos.includes('destroy') || pos.includes('disable'))) return emit(ctx, shiftSeverity('medium', prodish(args) ? 1 : 0), 'key_destroy', `gcloud kms ${pos.slice(1, 4).join(' ')} ${pos.includes('destroy') ? 'destroys' : 'disables'} an encryption key version; every piece of data encrypted with it becomes unreadable.`);
      if (!pos.includes('delete')) return;
      const big = pos[0] === 'projects' || (pos[0] === 'sql' && pos[1] === 'instances') || pos.includes('clusters') || (pos[0] === 'storage' && pos[1] === 'rm');
      return emit(ctx, bump(args, big ? 'high' : 'medium'), 'gcloud_delete', `gcloud ${pos.slice(0, pos.indexOf('delete') + 1).join(' ')} deletes cloud resources.`);
    }
    case 'gsutil':
      if (positionals(args).includes('rm') && (hasShort(args, 'r') || hasShort(args, 'R')) && positionals(args).slice(positionals(args).indexOf('rm') + 1).every(throwawayPrefix)) emit(ctx, 'low', 'bucket_recursive_delete', 'gsutil rm -r deletes prefixes named as throwaway environments.');
      else if (positionals(args).includes('rm') && (hasShort(args, 'r') || hasShort(args, 'R'))) emit(ctx, 'high', 'bucket_recursive_delete', 'gsutil rm -r deletes every object under the path.');
      else if (positionals(args).includes('rb')) emit(ctx, 'high', 'bucket_delete', 'gsutil rb deletes a bucket.');
      return;
    case 'az': {
      const pos = positionals(args);
      if (!pos.includes('delete') && !pos.includes('delete-batch') && !pos.includes('purge')) return;
      // A whole cluster (`az aks delete`) is big, as `gcloud container clusters delete` is.
      const big = pos[0] === 'group' || pos.includes('delete-batch') || /sql|cosmosdb|storage|keyvault|postgres|mysql|aks|redis|synapse|databricks/.test(pos[0] ?? '');
      return emit(ctx, bump(args, big ? 'medium' : 'low'), 'az_delete', `az ${pos.join(' ').slice(0, 60)} deletes Azure resources${pos[0] === 'group' ? ' (a whole resource group)' : ''}.`);
    }
    case 'etcdctl': {
      // `etcdctl del "" --prefix` (or `/`, `/registry`) deletes every key: a Kubernetes cluster's whole state.
      const pos = positionals(args, ETCD_VALUE_OPTIONS);
      if ((pos[0] === 'del' || pos[0] === 'delete') && (hasLong(args, '--prefix') || hasLong(args, '--from-key')) && /^(?:|\/|\/registry\/?|\0)$/.test(pos[1] ?? '')) return emit(ctx, 'critical', 'etcd_wipe', `etcdctl del --prefix ${JSON.stringify(pos[1] ?? '')} deletes every key in the etcd cluster, the whole state of whatever it serves.`);
      if (pos[0] === 'del' || pos[0] === 'delete') return emit(ctx, hasLong(args, '--prefix') ? 'medium' : 'low', 'etcd_delete', `etcdctl del removes ${hasLong(args, '--prefix') ? 'every key under' : 'the key'} ${pos[1] ?? ''}.`);
      return;
    }
    case 'kubectl':
    case 'oc': {
      const pos = positionals(args, KUBECTL_VALUE_OPTIONS);
      const ns = optionValue(args, ['-n', '--namespace']) ?? '';
      const prod = PROD.test(ns) || prodish(pos) || ns === 'kube-system';
      if (pos[0] === 'delete') {
        const kind = (pos[1] ?? '').toLowerCase();
        if (/^(?:namespaces?|ns|namespace\/.+|ns\/.+)$/.test(kind)) return emit(ctx, prod || pos.slice(2).some((p) => PROD.test(p) || p === 'kube-system') ? 'critical' : 'high', 'k8s_delete_namespace', `Deletes the namespace ${pos[2] ?? kind.split('/')[1] ?? ''} and everything in it.`);
        if (args.includes('--all') || hasShort(args, 'A') || args.includes('--all-namespaces')) return emit(ctx, 'high', 'k8s_delete_all', 'kubectl delete --all removes every matching resource.');
        if (/^(?:pv|persistentvolumes?|pvc|persistentvolumeclaims?|crd|customresourcedefinitions?|nodes?|deployments?|statefulsets?|deploy|sts|services?|svc|secrets?)(?:\/|$)/.test(kind)) return emit(ctx, prod ? 'high' : 'medium', 'k8s_delete', `kubectl delete ${kind} removes a running workload or its data${ns ? ` in ${ns}` : ''}.`);
        if (prod) return emit(ctx, 'medium', 'k8s_delete', `kubectl delete ${kind} in ${ns || 'production'}.`);
        return;
      }
      if (pos[0] === 'scale' && args.some((a) => /^--replicas=0$/.test(a) || a === '0' && args[args.indexOf(a) - 1] === '--replicas')) return emit(ctx, prod ? 'high' : 'medium', 'k8s_scale_zero', `Scales ${pos[1] ?? 'a workload'} to zero replicas${ns ? ` in ${ns}` : ''}, stopping the service.`);
      if (pos[0] === 'drain') return emit(ctx, 'medium', 'k8s_drain', `Drains node ${pos[1] ?? ''}, evicting its workloads.`);
      // Production workloads changed by hand: rolled back, their image or spec replaced or patched.
      // A restart (`rollout restart`) and reads keep the spec and stay allowed.
      const prodTarget = PROD.test(ns) || PROD.test(optionValue(args, ['--context']) ?? '');
      if (prodTarget && ((pos[0] === 'rollout' && pos[1] === 'undo') || pos[0] === 'set' || pos[0] === 'patch' || pos[0] === 'edit' || pos[0] === 'replace' || pos[0] === 'apply')) {
        return emit(ctx, 'medium', 'production_release_change', `kubectl ${pos[0] === 'rollout' ? 'rollout undo' : pos[0]} changes workloads in production (${ns || optionValue(args, ['--context'])}) by hand, outside the reviewed pipeline.`);
      }
      return;
    }
    case 'helm': {
      const release = positionals(args.slice(1), HELM_VALUE_OPTIONS)[0] ?? '';
      const ns = optionValue(args, ['-n', '--namespace']) ?? '';
      // A release in production changed by hand: rolled back, upgraded or installed there.
      if (args[0] === 'rollback' || args[0] === 'upgrade' || args[0] === 'install') {
        const where = [ns, optionValue(args, ['--kube-context']) ?? '', release].find((w) => PROD.test(w));
        if (where) emit(ctx, 'medium', 'production_release_change', `helm ${args[0]} changes the release ${release} in production (${where}) by hand, outside the reviewed pipeline.`);
        return;
      }
      if (args[0] !== 'uninstall' && args[0] !== 'delete' && args[0] !== 'del' && args[0] !== 'un') return;
      // A preview, review or test release (or namespace) is made to be thrown away; a shared
      // environment (staging, unnamed) is a warning and a production-looking one a denial.
      if (!prodish(args) && ns !== 'kube-system' && (EPHEMERAL.test(release) || EPHEMERAL.test(ns))) return emit(ctx, 'low', 'helm_uninstall', `helm ${args[0]} removes the throwaway release ${release}${ns ? ` in ${ns}` : ''}.`);
      const everything = deletesAllListed(args);
      emit(ctx, shiftSeverity('medium', (prodish(args) ? 1 : 0) + (everything ? 1 : 0)), 'helm_uninstall', everything ? `helm ${args[0]} removes every release helm lists.` : `helm ${args[0]} removes the release ${release}${ns ? ` in ${ns}` : ''}.`);
      return;
    }
    case 'docker':
      if ((args[0] === 'volume' && /^(?:rm|prune)$/.test(args[1] ?? '')) || (args[0] === 'system' && args[1] === 'prune' && args.includes('--volumes'))) emit(ctx, 'medium', 'docker_volume_delete', 'Deletes Docker volumes and the data in them.');
      return;
    case 'firebase':
      if (/^(?:firestore:delete|database:remove|projects:delete|hosting:disable)$/.test(args[0] ?? '')) emit(ctx, hasArgCI(args, '--all-collections', '-r', '--recursive') ? 'high' : 'medium', 'firebase_delete', `firebase ${args[0]} deletes production data.`);
      return;
    case 'rclone':
      if (/^(?:purge|delete|rmdirs)$/.test(args[0] ?? '')) emit(ctx, 'high', 'remote_storage_delete', `rclone ${args[0]} deletes remote storage contents.`);
      return;
    case 's3cmd':
      if (/^(?:del|rm|rb)$/.test(args[0] ?? '') && hasLong(args, '--recursive', '--force')) emit(ctx, 'high', 'bucket_recursive_delete', 's3cmd recursively deletes bucket contents.');
      return;
  }
}

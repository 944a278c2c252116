// The group-commit writer's inserts, as they travel to the writer thread and run there.
//
// Rows cross the thread boundary as column lists plus flat value arrays (one structured clone of
// primitives per batch, not a clone of every row object), and each dialect runs a batch as one
// transaction with statements built here: SQLite with cached single-row prepared statements,
// MySQL with multi-row INSERTs. No query builder on this path: building statements was most of
// the hot path's cost.
import type { Database } from 'better-sqlite3';
import type { Pool, PoolConnection } from 'mysql2/promise';
import { sha256Hex } from '../sha256.js';

/** Rows of one table sharing one column list: `values` holds them row after row. */
export interface WireOp {
  table: string;
  columns: string[];
  values: unknown[];
}

/**
 * Rows to insert: as objects, or already flat (a WireOp, for the hot path's fixed-shape rows,
 * whose column list must be one constant array so batches merge them by identity).
 */
export type InsertOp = { table: string; rows: Record<string, unknown>[] } | WireOp;

/**
 * A value the writer thread computes: the SHA-256 (lower-case hex) of `sha256Of`. Hashing a
 * hook call's input on the event loop cost about as much as building its whole row.
 */
export interface Sha256Of {
  sha256Of: string;
}

export function sha256Of(text: string): Sha256Of {
  return { sha256Of: text };
}

/** A value as it is bound: computed values computed, the rest unchanged. */
function boundValue(v: unknown): unknown {
  if (typeof v === 'object' && v !== null && typeof (v as Sha256Of).sha256Of === 'string') return sha256Hex((v as Sha256Of).sha256Of);
  return v;
}

/** Runs wire ops in one transaction: all of them or none. */
export interface BatchExecutor {
  transaction(ops: WireOp[]): Promise<void>;
  close(): Promise<void>;
}

/** An executor on its own connection (in the writer thread). */
export interface ConnectionExecutor extends BatchExecutor {
  /** Proves the connection works (at start, so a bad password or an unwritable file shows then). */
  check(): Promise<void>;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Table and column names come from our code, never from requests; still, refuse anything odd. */
function checkIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Refusing to insert into an unexpected identifier: ${JSON.stringify(name)}`);
  return name;
}

/**
 * Column lists seen per table. Rows of one kind share one list object, so a batch merges its
 * callers' rows by identity (see mergeByShape) and crosses to the writer thread with one column
 * list per table instead of one per row. Bounded: an unusual row just keeps its own list.
 */
const knownColumns = new Map<string, string[][]>();
const MAX_COLUMN_LISTS_PER_TABLE = 32;

function internColumns(table: string, columns: string[]): string[] {
  let lists = knownColumns.get(table);
  if (!lists) knownColumns.set(table, (lists = []));
  for (const known of lists) if (sameColumns(known, columns)) return known;
  if (lists.length < MAX_COLUMN_LISTS_PER_TABLE) lists.push(columns);
  return columns;
}

/** Flattens insert ops, keeping row order; a row whose columns differ starts a new wire op. */
export function toWireOps(ops: InsertOp[]): WireOp[] {
  const out: WireOp[] = [];
  for (const op of ops) {
    if ('columns' in op) {
      if (op.values.length > 0) out.push(op);
      continue;
    }
    let current: WireOp | null = null;
    for (const row of op.rows) {
      const keys = Object.keys(row);
      if (!current || !sameColumns(current.columns, keys)) {
        current = { table: op.table, columns: internColumns(op.table, keys), values: [] };
        out.push(current);
      }
      for (const c of current.columns) current.values.push(row[c] === undefined ? null : row[c]);
    }
  }
  return out;
}

/**
 * An op with this many values already fills most of a MySQL statement (store/batch-insert's
 * MysqlExecutor splits at 20,000) and costs SQLite the same merged or not: it crosses as it is,
 * not copied into a merged one (an OTLP request's 512 rows are 12,800 values).
 */
const MERGE_MAX_VALUES = 4096;

/**
 * Merges ops of the same table and columns into one multi-row op, in order of first appearance:
 * a batch holds many callers' rows, and parents still go before children. Large ops are left
 * alone, in their place. The given ops are not changed (a failed batch retries each caller's own ops).
 */
export function mergeByShape(ops: WireOp[]): WireOp[] {
  const merged = new Map<string[], WireOp>(); // interned or constant column lists: one per table and shape
  const out: WireOp[] = [];
  for (const op of ops) {
    if (op.values.length >= MERGE_MAX_VALUES) {
      out.push(op);
      continue;
    }
    const into = merged.get(op.columns);
    if (into && into.table === op.table) {
      for (const v of op.values) into.values.push(v);
    } else {
      const copy = { table: op.table, columns: op.columns, values: [...op.values] };
      merged.set(op.columns, copy);
      out.push(copy);
    }
  }
  return out;
}

/** Ops of one table with one column list share a statement. */
function shapeKey(op: WireOp): string {
  return `${op.table}\u0000${op.columns.join(',')}`;
}

function sameColumns(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null; booleans and dates as Knex stores them. */
function sqliteValue(v: unknown): unknown {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.valueOf();
  return boundValue(v);
}

export class SqliteExecutor implements ConnectionExecutor {
  private readonly statements = new Map<string, { run(...params: unknown[]): unknown }>();

  constructor(private readonly db: Database) {}

  async transaction(ops: WireOp[]): Promise<void> {
    this.db.transaction(() => {
      for (const op of ops) {
        const width = op.columns.length;
        const stmt = this.statement(op);
        const row: unknown[] = new Array(width);
        for (let at = 0; at < op.values.length; at += width) {
          for (let i = 0; i < width; i++) row[i] = sqliteValue(op.values[at + i]);
          stmt.run(...row);
        }
      }
    })();
  }

  private statement(op: WireOp) {
    const key = shapeKey(op);
    let stmt = this.statements.get(key);
    if (!stmt) {
      const columns = op.columns.map((c) => `"${checkIdentifier(c)}"`).join(', ');
      stmt = this.db.prepare(`INSERT INTO "${checkIdentifier(op.table)}" (${columns}) VALUES (${op.columns.map(() => '?').join(', ')})`);
      this.statements.set(key, stmt);
    }
    return stmt;
  }

  async check(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

export class MysqlExecutor implements ConnectionExecutor {
  constructor(
    private readonly pool: Pool,
    /** Most bound values in one statement (the protocol allows 65,535 placeholders). */
    private readonly maxParams = 20_000,
  ) {
    // A lone INSERT relies on autocommit: make sure of it whatever the server's default is.
    pool.pool.on('connection', (conn) => void conn.query('SET SESSION autocommit = 1'));
  }

  async check(): Promise<void> {
    const conn = await this.pool.getConnection();
    try {
      await conn.ping();
    } finally {
      conn.release();
    }
  }

  // Statements are prepared (binary protocol): MySQL does not parse each batch's SQL text again,
  // and mysql2 keeps one prepared statement per connection for each row count it has seen.
  async transaction(ops: WireOp[]): Promise<void> {
    const statements = this.statements(ops);
    if (statements.length === 0) return;
    const conn: PoolConnection = await this.pool.getConnection();
    try {
      // One INSERT is atomic on its own (autocommit): one round trip instead of three.
      if (statements.length === 1) {
        await conn.execute(statements[0].sql, statements[0].values as never);
        return;
      }
      await conn.beginTransaction();
      try {
        for (const st of statements) await conn.execute(st.sql, st.values as never);
        await conn.commit();
      } catch (err) {
        await conn.rollback().catch(() => undefined);
        throw err;
      }
    } finally {
      conn.release();
    }
  }

  /** Multi-row INSERTs, one per op (the writer merged its batch by shape), each under the placeholder limit. */
  private statements(ops: WireOp[]): { sql: string; values: unknown[] }[] {
    const out: { sql: string; values: unknown[] }[] = [];
    for (const op of ops) {
      const width = op.columns.length;
      const rowsPerStatement = Math.max(1, Math.floor(this.maxParams / width));
      const head = `INSERT INTO \`${checkIdentifier(op.table)}\` (${op.columns.map((c) => `\`${checkIdentifier(c)}\``).join(', ')}) VALUES `;
      const tuple = `(${op.columns.map(() => '?').join(', ')})`;
      const rows = op.values.length / width;
      for (let first = 0; first < rows; first += rowsPerStatement) {
        const n = Math.min(rowsPerStatement, rows - first);
        const values = op.values.slice(first * width, (first + n) * width);
        for (let i = 0; i < values.length; i++) values[i] = boundValue(values[i]);
        out.push({ sql: head + new Array(n).fill(tuple).join(', '), values });
      }
    }
    return out;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

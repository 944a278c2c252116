// Database errors never carry row values (issue #15): a failed insert through Knex or through the
// group-commit writer thread reports the driver's code, the statement's shape and the reason,
// and no value of the row, so the 500 handler's log line holds no hostnames, inputs or hashes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore, type Store } from '../src/store/index.js';
import { withholdDbValues } from '../src/store/db-errors.js';
import { freshStoreTarget, storeTargetOf, TEST_STORE, type TestTarget } from './support/harness.js';

const MARK = 'ROWVALUE-sk_live_Zq81';

describe(`database errors hold no row values (${TEST_STORE})`, () => {
  let target: TestTarget;
  let store: Store;
  before(async () => {
    target = await freshStoreTarget();
    store = await openStore(storeTargetOf(target.env));
  });
  after(async () => {
    await store.close();
    await target.cleanup();
  });

  const org = (id: string) => ({ id, name: `${MARK}-name`, plan: 'team', policy_version: 1, created_at: Date.now() });

  test('a failed Knex insert names the statement with placeholders, not the row', async () => {
    const id = `${MARK}-id`.slice(0, 26);
    await store.knex('orgs').insert(org(id));
    const err = await store.knex('orgs').insert(org(id)).then(
      () => assert.fail('duplicate insert succeeded'),
      (e: Error & { code?: string }) => e,
    );
    assert.ok(err.code === 'ER_DUP_ENTRY' || String(err.code).startsWith('SQLITE_CONSTRAINT'), String(err.code));
    assert.match(err.message, /insert into .*orgs/i);
    assert.ok(!err.message.includes(MARK.slice(0, 12)), err.message);
    assert.ok(!String(err.stack).includes(MARK.slice(0, 12)), 'the stack repeats the message');
  });

  test('a failed group-commit write reports code and reason only', async () => {
    const id = `${MARK}-w`.slice(0, 26);
    await store.writer.write([{ table: 'orgs', rows: [org(id)] }]);
    const err = await store.writer.write([{ table: 'orgs', rows: [org(id)] }]).then(
      () => assert.fail('duplicate write succeeded'),
      (e: Error) => e,
    );
    assert.ok(!err.message.includes(MARK.slice(0, 12)), err.message);
  });

  test('MySQL messages that quote a value have it withheld', () => {
    assert.equal(withholdDbValues("Duplicate entry 'host-1' for key 'workstations.org_machine'"), "Duplicate entry '(value withheld)' for key 'workstations.org_machine'");
    assert.equal(withholdDbValues("Incorrect string value: '\\xF0\\x9F\\x98' for column 'hostname' at row 1"), "Incorrect string value: '(value withheld)' for column 'hostname' at row 1");
    assert.equal(withholdDbValues('UNIQUE constraint failed: orgs.id'), 'UNIQUE constraint failed: orgs.id');
  });
});

// The same security cases for every route (STYLE: "a shared helper runs the same security
// cases against every route"): no key, malformed header, unknown key, revoked key, a runtime
// key on an admin route, and another org's object. Routes with an `:id` parameter must have
// an object factory here, so a new route cannot silently skip the cross-org case.
import assert from 'node:assert/strict';
import type { RouteDef } from '../../src/http/route.js';
import type { CreatedOrg } from '../../src/accounts/orgs.js';
import type { TestServer } from './harness.js';

export type ObjectFactory = (srv: TestServer, org: CreatedOrg) => Promise<Record<string, string>>;

/** Fills path parameters with ids of objects owned by `org` (or harmless placeholders). */
async function pathFor(route: RouteDef, srv: TestServer, org: CreatedOrg, factories: Record<string, ObjectFactory>): Promise<string> {
  if (!route.path.includes(':')) return route.path;
  const factory = factories[`${route.method} ${route.path}`];
  assert.ok(factory, `security-cases: add an object factory for ${route.method} ${route.path}`);
  const params = await factory(srv, org);
  return route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? 'missing'));
}

export interface SecurityContext {
  srv: TestServer;
  own: CreatedOrg;
  other: CreatedOrg;
  revokedKey: string;
}

export async function runSecurityCases(ctx: SecurityContext, route: RouteDef, factories: Record<string, ObjectFactory>): Promise<void> {
  const { srv, own, other, revokedKey } = ctx;
  const path = await pathFor(route, srv, own, factories);
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  const label = `${route.method} ${route.path}`;
  if ('public' in route.access) return;

  const none = await srv.call(route.method, path, { body });
  assert.equal(none.status, 401, `${label} without a key`);
  assert.deepEqual(Object.keys(none.body).sort(), ['code', 'error', 'message'], `${label} error shape`);
  assert.equal(none.body.error, 'Unauthorized');
  assert.equal(none.body.code, 401);

  for (const header of ['Basic abc', 'Bearer', 'Bearer a b', own.admin_key]) {
    const res = await srv.call(route.method, path, { body, headers: { authorization: header } });
    assert.equal(res.status, 401, `${label} with malformed header "${header.slice(0, 12)}"`);
  }
  const unknown = await srv.call(route.method, path, { body, key: 'svc_adm_' + 'A'.repeat(40) });
  assert.equal(unknown.status, 401, `${label} with an unknown key`);
  const revoked = await srv.call(route.method, path, { body, key: revokedKey });
  assert.equal(revoked.status, 401, `${label} with a revoked key`);

  if (!route.access.keys.includes('runtime')) {
    const res = await srv.call(route.method, path, { body, key: own.runtime_key });
    assert.equal(res.status, 403, `${label} with a runtime key`);
    assert.equal(res.body.error, 'Forbidden');
  }

  if (route.path.includes(':')) {
    // The object belongs to `own`; the other org's admin must not see that it exists.
    const res = await srv.call(route.method, path, { body, key: other.admin_key });
    assert.equal(res.status, 404, `${label} on another org's object`);
    assert.equal(res.body.error, 'Not Found');
  }
}

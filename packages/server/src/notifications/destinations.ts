// Destination and route verbs. Every query filters by the caller's org inside the query; an
// id of another org is answered as not found. The signing secret (and a kind's credential)
// is returned once, by createDestination, and never again.
import { z } from 'zod';
import type { KeyPrincipal } from '../accounts/key-cache.js';
import { appendActivity, lockActivityLog, type ActivityActor } from '../audit/activity-log.js';
import { describeIssues, InvalidError, ForbiddenError, NotFoundError } from '../errors.js';
import { newId } from '../ids.js';
import type { DestinationRecord, NotificationsRepo, RouteRecord } from '../store/notifications-repo.js';
import { isEventSelector, selectorMatches, severityRank, SEVERITIES } from './event-types.js';
import { checkDestinationUrl } from './address-guard.js';
import { DESTINATION_KINDS, KINDS, PLANS_FOR_NON_EMAIL, type DestinationKind } from './formats.js';
import { generateSigningSecret } from './signing.js';
import type { DestinationView, WebhookRoute } from '@service/api';

export const createDestinationInput = z
  .object({
    url: z.string().trim().min(1, 'url is required').max(2000),
    kind: z.enum(DESTINATION_KINDS, { errorMap: () => ({ message: `kind must be one of ${DESTINATION_KINDS.join(', ')}` }) }).default('webhook'),
    name: z.string().trim().min(1).max(200).optional(),
    events: z
      .array(z.string().trim().refine(isEventSelector, (v) => ({ message: `"${v}" is not an event type (see docs/webhooks.md), a group such as activity.*, or *` })))
      .min(1)
      .max(50)
      .default(['*']),
    min_severity: z.enum(SEVERITIES, { errorMap: () => ({ message: `min_severity must be one of ${SEVERITIES.join(', ')}` }) }).default('info'),
    host: z.string().trim().min(1).max(255).nullable().optional(),
    surface: z.string().trim().min(1).max(32).nullable().optional(),
    credential: z.string().min(1).max(2000).optional(),
    options: z.record(z.string().max(200)).default({}),
    enabled: z.boolean().default(true),
  })
  .strict();

export const updateDestinationInput = z.object({ enabled: z.boolean().optional(), name: z.string().trim().min(1).max(200).optional() }).strict();

export type RouteView = WebhookRoute;

export type { DestinationView };

const iso = (ms: number) => new Date(ms).toISOString();

export function displayUrl(raw: string): string {
  try {
    const url = new URL(raw);
    const segments = url.pathname.split('/').filter(Boolean);
    return `${url.origin}${segments.length ? `/${segments[0]}` : ''}${segments.length > 1 || url.search ? '/…' : ''}`;
  } catch {
    return '(invalid url)';
  }
}

function parseJson<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function routeView(row: Pick<RouteRecord, 'id' | 'event_types' | 'min_severity' | 'host' | 'surface'>): RouteView {
  return { id: row.id, events: parseJson<string[]>(row.event_types, ['*']), min_severity: row.min_severity, host: row.host ?? null, surface: row.surface ?? null };
}

function destinationView(row: DestinationRecord, routes: RouteView[]): DestinationView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    url: displayUrl(row.url),
    enabled: Boolean(row.enabled),
    has_credential: Boolean(row.credential),
    options: parseJson<Record<string, string>>(row.options, {}),
    routes,
    created_at: iso(row.created_at),
  };
}

/** Spec: Authentication 10. There is no email kind yet, so every kind needs Team or Enterprise. */
export function assertPlanAllowsWebhooks(plan: string): void {
  if (!(PLANS_FOR_NON_EMAIL as readonly string[]).includes(plan)) {
    throw new ForbiddenError(`Webhook destinations other than email need the Team or Enterprise plan; this organization is on the ${plan} plan.`);
  }
}

/** What the activity log keeps of a destination: never its secret, credential or URL path. */
function activityState(row: { name: string; kind: string; url: string; enabled: boolean }, route: { event_types: string; min_severity: string }): Record<string, unknown> {
  let origin = '';
  try {
    origin = new URL(row.url).origin;
  } catch {
    origin = '';
  }
  return { name: row.name, kind: row.kind, url_origin: origin, enabled: row.enabled, events: JSON.parse(route.event_types), min_severity: route.min_severity };
}

export async function createDestination(
  notifications: NotificationsRepo,
  principal: KeyPrincipal,
  body: unknown,
  settings: { allowPrivate: boolean },
): Promise<DestinationView & { secret: string }> {
  assertPlanAllowsWebhooks(principal.plan);
  const parsed = createDestinationInput.safeParse(body ?? {});
  if (!parsed.success) throw new InvalidError(`Invalid request body: ${describeIssues(parsed.error)}.`);
  const input = parsed.data;
  const urlProblem = checkDestinationUrl(input.url, settings.allowPrivate);
  if (urlProblem) throw new InvalidError(`Invalid request body: ${urlProblem}.`);
  const kind = KINDS[input.kind as DestinationKind];
  if (kind.credential === 'required' && !input.credential) throw new InvalidError(`Invalid request body: credential is required for kind ${input.kind} (${kind.credentialHint}).`);
  if (kind.credential === 'none' && input.credential) throw new InvalidError(`Invalid request body: kind ${input.kind} takes no credential.`);
  const options = kind.options.safeParse(input.options);
  if (!options.success) throw new InvalidError(`Invalid request body: options: ${describeIssues(options.error)}.`);

  const now = Date.now();
  const id = newId(now);
  const secret = generateSigningSecret();
  const route: RouteRecord = {
    id: newId(now),
    org_id: principal.orgId,
    destination_id: id,
    event_types: JSON.stringify([...new Set(input.events)]),
    min_severity: input.min_severity,
    host: input.host ?? null,
    surface: input.surface ?? null,
    created_at: now,
  };
  const row: DestinationRecord = {
    id,
    org_id: principal.orgId,
    name: input.name ?? `${input.kind} ${new URL(input.url).hostname}`,
    kind: input.kind,
    url: input.url,
    secret,
    credential: input.credential ?? null,
    options: JSON.stringify(options.data),
    enabled: input.enabled,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await notifications.transaction(async (repo, tx) => {
    await lockActivityLog(tx, principal.orgId);
    await repo.insertDestination(row, route);
    await appendActivity(tx, principal.orgId, { keyId: principal.keyId, userId: principal.createdBy }, 'webhook.add', { type: 'webhook', id }, null, activityState(row, route));
  });
  return { ...destinationView(row, [routeView(route)]), secret };
}

async function routesFor(notifications: NotificationsRepo, orgId: string, destinationIds: string[]): Promise<Map<string, RouteView[]>> {
  const byDestination = new Map<string, RouteView[]>();
  const rows = await notifications.routesOf(orgId, destinationIds);
  for (const r of rows) byDestination.set(r.destination_id, [...(byDestination.get(r.destination_id) ?? []), routeView(r)]);
  return byDestination;
}

export async function listDestinations(notifications: NotificationsRepo, orgId: string): Promise<DestinationView[]> {
  const rows = await notifications.listDestinations(orgId);
  const routes = await routesFor(notifications, orgId, rows.map((r) => r.id));
  return rows.map((r) => destinationView(r, routes.get(r.id) ?? []));
}

export async function getDestination(notifications: NotificationsRepo, orgId: string, id: string): Promise<DestinationView> {
  const row = await notifications.findDestination(orgId, id);
  if (!row) throw new NotFoundError(`No webhook destination with id ${id} in this organization.`);
  return destinationView(row, (await routesFor(notifications, orgId, [id])).get(id) ?? []);
}

export async function updateDestination(notifications: NotificationsRepo, orgId: string, id: string, body: unknown, actor?: ActivityActor): Promise<DestinationView> {
  const before = await getDestination(notifications, orgId, id); // another org's id is a 404 before the body is judged
  const parsed = updateDestinationInput.safeParse(body ?? {});
  if (!parsed.success) throw new InvalidError(`Invalid request body: ${describeIssues(parsed.error)}.`);
  const changes: { updated_at: number; enabled?: boolean; name?: string } = { updated_at: Date.now() };
  if (parsed.data.enabled !== undefined) changes.enabled = parsed.data.enabled;
  if (parsed.data.name !== undefined) changes.name = parsed.data.name;
  await notifications.transaction(async (repo, tx) => {
    if (actor) await lockActivityLog(tx, orgId);
    await repo.updateDestination(orgId, id, changes);
    if (actor) {
      const { updated_at: _, ...changed } = changes;
      const was: Record<string, unknown> = {};
      for (const k of Object.keys(changed)) was[k] = (before as unknown as Record<string, unknown>)[k] ?? null;
      await appendActivity(tx, orgId, actor, 'webhook.update', { type: 'webhook', id }, was, changed);
    }
  });
  return getDestination(notifications, orgId, id);
}

/**
 * Removes a destination: its secret and credential are erased at once, its routes deleted and
 * its open deliveries canceled; the row stays (without secrets) so the delivery log keeps a name.
 */
export async function deleteDestination(notifications: NotificationsRepo, orgId: string, id: string, actor?: ActivityActor): Promise<{ id: string; deleted_at: string; canceled_deliveries: number }> {
  const now = Date.now();
  const canceled = await notifications.transaction(async (repo, tx) => {
    if (actor) await lockActivityLog(tx, orgId);
    if (!(await repo.removeDestination(orgId, id, now))) throw new NotFoundError(`No webhook destination with id ${id} in this organization.`);
    if (actor) await appendActivity(tx, orgId, actor, 'webhook.remove', { type: 'webhook', id }, { deleted_at: null }, { deleted_at: new Date(now).toISOString() });
    await repo.deleteRoutes(orgId, id);
    return repo.cancelOpenDeliveries(orgId, id, now);
  });
  return { id, deleted_at: iso(now), canceled_deliveries: canceled };
}

/** The facts of an event a route filters on. */
export interface RoutableEvent {
  event_type: string;
  severity: string;
  hostname: string | null;
  workstation_id: string | null;
  surface: string | null;
}

/** Pure: does this route select the event? Host matches the hostname (any case) or the workstation id. */
export function routeMatches(route: RouteView, event: RoutableEvent): boolean {
  if (!selectorMatches(route.events, event.event_type)) return false;
  if (severityRank(event.severity) < severityRank(route.min_severity)) return false;
  if (route.host) {
    const host = route.host.toLowerCase();
    if (host !== (event.hostname ?? '').toLowerCase() && route.host !== event.workstation_id) return false;
  }
  if (route.surface && route.surface !== event.surface) return false;
  return true;
}

// GET / (sign-in form, or the fleet once signed in) and GET /fleet.csv.
import { z } from 'zod';
import { fleetStatsView, type FleetStatsView } from '../../fleet/fleet-stats.js';
import { FLEET_STATS_TTL_MS, ShortLivedCache } from '../../page/stats-cache.js';
import { DEFAULT_PAGE, exportWorkstations, listWorkstations, type FleetFilters } from '../../fleet/workstation-list.js';
import { SURFACES } from '../../policy/types.js';
import { parseQuery } from '../../http/validate.js';
import { page, signInPage } from '../../page/layout.js';
import { findPageSession, randomToken, sessionPrincipal } from '../../page/sessions.js';
import { onboardingPanel } from '../../page/views/keys.js';
import { CSV_HEADER, csvRow, fleetView, type FleetPageFilters } from '../../page/views/fleet.js';
import { SESSION_COOKIE, SIGNIN_CSRF_COOKIE, cookie, definePage, readCookie, sendHtml } from './page-route.js';

// An empty select or search box sends "": that means "no filter".
const opt = <T extends z.ZodTypeAny>(s: T) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());

const fleetQuery = z.object({
  surface: opt(z.enum(SURFACES, { errorMap: () => ({ message: `surface must be one of ${SURFACES.join(', ')}` }) })),
  status: opt(z.enum(['online', 'offline'], { errorMap: () => ({ message: 'status must be online or offline' }) })),
  risk: opt(z.enum(['low', 'medium', 'high'], { errorMap: () => ({ message: 'risk must be low, medium or high' }) })),
  runtime: opt(z.enum(['standby', 'degraded', 'missing', 'unknown', 'healthy'], { errorMap: () => ({ message: 'protection must be standby, degraded, missing, unknown or healthy' }) })),
  owner: opt(z.enum(['verified', 'unverified'], { errorMap: () => ({ message: 'owner must be verified or unverified' }) })),
  management: opt(z.enum(['mdm', 'other'], { errorMap: () => ({ message: 'management must be mdm or other' }) })),
  search: opt(z.string().trim().max(100, 'search must be at most 100 characters')),
  shadow_ai: opt(z.enum(['true'])),
  missing_hook: opt(z.enum(['true'])),
  cursor: opt(z.string().max(200)),
});

function domainFilters(q: FleetPageFilters): FleetFilters {
  return {
    surface: q.surface,
    status: q.status,
    risk: q.risk === 'low' ? 'Low' : q.risk === 'medium' ? 'Medium' : q.risk === 'high' ? 'High' : undefined,
    runtime: q.runtime as FleetFilters['runtime'],
    search: q.search || undefined,
    shadowAi: q.shadow_ai ? true : undefined,
    missingHook: q.missing_hook ? true : undefined,
    ownerVerified: q.owner === undefined ? undefined : q.owner === 'verified',
    mdmEvidence: q.management === undefined ? undefined : q.management === 'mdm',
  };
}

/** The stat cards of the fleet page (see page/stats-cache.ts for why a few seconds is right). */
export const fleetStatsCache = new ShortLivedCache<FleetStatsView>(FLEET_STATS_TTL_MS);

/** Rows of one CSV export at most; a bigger fleet is exported filter by filter. */
export const CSV_MAX_ROWS = 100_000;

export const fleetPages = [
  definePage({
    method: 'GET',
    path: '/',
    access: { public: 'the sign-in form is shown to anyone; the fleet only with a live session' },
    async handler({ ctx, deps, secure }) {
      const token = readCookie(ctx, SESSION_COOKIE);
      const session = token ? await findPageSession(deps.store.pageSessions, token) : null;
      if (!session) {
        const csrf = randomToken();
        ctx.append('Set-Cookie', cookie(SIGNIN_CSRF_COOKIE, csrf, { secure, maxAgeSeconds: 3600 }));
        return sendHtml(ctx, signInPage({ csrf }));
      }
      const { cursor, ...filters } = parseQuery(fleetQuery, ctx.query) as FleetPageFilters & { cursor?: string };
      const p = sessionPrincipal(session);
      const [stats, list] = await Promise.all([
        fleetStatsCache.get(p.orgId, () => fleetStatsView(deps.store.fleetReads, p.orgId)),
        listWorkstations(deps.store.fleetReads, { id: p.orgId, plan: p.plan }, domainFilters(filters), { limit: DEFAULT_PAGE, cursor }),
      ]);
      sendHtml(ctx, page({ title: 'Fleet', section: 'fleet', orgName: session.orgName, csrf: session.csrf }, fleetView(stats, list, filters, stats.total === 0 ? onboardingPanel(session.csrf) : null)));
    },
  }),
  definePage({
    method: 'GET',
    path: '/fleet.csv',
    access: 'session',
    async handler({ ctx, deps, session }) {
      const { cursor: _ignored, ...filters } = parseQuery(fleetQuery, ctx.query) as FleetPageFilters & { cursor?: string };
      const p = sessionPrincipal(session);
      const rows = await exportWorkstations(deps.store.fleetReads, { id: p.orgId, plan: p.plan }, domainFilters(filters), CSV_MAX_ROWS);
      const lines = [CSV_HEADER.join(','), ...rows.map(csvRow)];
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', 'attachment; filename="fleet.csv"');
      ctx.body = lines.join('\r\n') + '\r\n';
    },
  }),
];

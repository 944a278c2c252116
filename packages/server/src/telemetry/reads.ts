// The three OTLP reads (spec: GET /api/v1/otlp/health, /setup-health, /usage-costs), for the
// key's org. Plan gating is the route's; everything here is org-scoped through the repository.
import { newId } from '../ids.js';
import { outboxRow } from '../outbox.js';
import type { OtlpEventRow, TelemetryRepo, UsageGroup, UsageTotals } from '../store/telemetry-repo.js';

const DAY_MS = 86_400_000;
const HEALTH_EVENTS_CAP = 10_000;
/** Events setup-health samples (the newest). */
export const SETUP_SAMPLE_SIZE = 1000;
const LAST_EVENTS = 20;
const UNMAPPED_IDENTITIES = 50;
const USAGE_GROUP_CAP = 50_000;
const SESSIONS_PER_USER = 50;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const usd = (micros: number) => Math.round(micros) / 1e6;
const pct = (n: number, total: number) => (total === 0 ? 0 : Math.round((n * 100) / total));

export async function otlpHealth(repo: TelemetryRepo, orgId: string, now = Date.now()) {
  const a = await repo.activity(orgId, now - DAY_MS, HEALTH_EVENTS_CAP);
  return {
    ok: true,
    checked_at: iso(now),
    receiving: a.latestAt !== null && now - a.latestAt < DAY_MS,
    last_event_at: iso(a.latestAt),
    events_24h: a.count,
    events_24h_truncated: a.count >= HEALTH_EVENTS_CAP,
    sources_24h: a.sources,
  };
}

const person = (e: { user_email: string | null; user_account: string | null }) => e.user_email ?? e.user_account ?? null;

function unmappedReason(e: OtlpEventRow): string {
  if (e.hostname || e.machine_id) return 'unknown_host';
  if (e.session_key) return 'session_not_seen_in_hook_calls';
  return 'no_identity';
}

export async function otlpSetupHealth(repo: TelemetryRepo, orgId: string, now = Date.now()) {
  await repo.correlateLate(orgId, now - 7 * DAY_MS);
  const raw = await repo.recentEvents(orgId, SETUP_SAMPLE_SIZE);
  // Events that no agent produced (no agent event prefix or service name): stored, not diagnosed.
  const events = raw.filter((e) => e.source !== 'other');
  const total = events.length;
  let hostPresent = 0;
  let sessionPresent = 0;
  let actorMapped = 0;
  let mapped = 0;
  let sessionCorrelated = 0;
  let actorOnly = 0;
  const sessionKeys = new Set<string>();
  const unmapped = new Map<string, { source: string; hostname: string | null; machine_id: string | null; session_id: string | null; user: string | null; reason: string; events: number; last_seen_at: string | null }>();
  for (const e of events) {
    const actor = person(e);
    if (e.hostname) hostPresent++;
    if (e.session_key) {
      sessionPresent++;
      sessionKeys.add(e.session_key);
    }
    if (actor) actorMapped++;
    if (e.workstation_id) mapped++;
    if (e.mapped_by === 'session') sessionCorrelated++;
    if (actor && !e.workstation_id) actorOnly++;
    if (!e.workstation_id) {
      const key = [e.source, e.hostname, e.machine_id, e.session_key, actor].join('\u0000');
      const u = unmapped.get(key);
      if (u) u.events++;
      else if (unmapped.size < UNMAPPED_IDENTITIES) unmapped.set(key, { source: e.source, hostname: e.hostname, machine_id: e.machine_id, session_id: e.session_key, user: actor, reason: unmappedReason(e), events: 1, last_seen_at: iso(e.received_at) });
    }
  }
  const warnings: { code: string; message: string; severity: string }[] = [];
  if (raw.length === 0) warnings.push({ code: 'no_events', message: 'No OTLP events received yet: run `service install-hooks --telemetry` on a workstation and start an agent session.', severity: 'info' });
  const sessionOnly = events.filter((e) => e.session_key && !e.hostname && !e.machine_id).length;
  if (sessionOnly > 0 && sessionCorrelated === 0) {
    warnings.push({
      code: 'session_correlation_missing',
      message: `${sessionOnly} sampled events carry session.id but no host name, and no hook call of the same session was seen; install the hooks with \`service install-hooks\` (so hook calls share the session) or add host.name with \`service install-hooks --telemetry\`.`,
      severity: 'info',
    });
  }
  if (total > 0 && mapped < total) {
    warnings.push({ code: 'unmapped_events', message: `${total - mapped} of ${total} sampled events could not be mapped to a workstation; see stats.unmapped_identities.`, severity: 'warning' });
  }
  return {
    last_events: events.slice(0, LAST_EVENTS).map((e) => ({
      source: e.source,
      event_name: e.event_name,
      received_at: iso(e.received_at),
      event_at: iso(e.event_at),
      session_id: e.session_key,
      hostname: e.hostname,
      workstation_id: e.workstation_id,
      user: person(e),
      mapped: e.workstation_id !== null,
      mapped_by: e.mapped_by,
      model: e.model,
      input_tokens: e.input_tokens,
      output_tokens: e.output_tokens,
      cost_usd: usd(e.cost_micros),
      tool_name: e.tool_name,
      decision: e.decision,
    })),
    stats: {
      total_events_sampled: total,
      raw_events_sampled: raw.length,
      runtime_events_ignored: raw.length - total,
      host_name_present_count: hostPresent,
      host_name_present_pct: pct(hostPresent, total),
      session_id_present_count: sessionPresent,
      session_id_present_pct: pct(sessionPresent, total),
      actor_mapped_count: actorMapped,
      actor_mapped_pct: pct(actorMapped, total),
      mapped_count: mapped,
      mapped_pct: pct(mapped, total),
      latest_event_at: iso(raw[0]?.event_at ?? null),
      correlation_key_count: sessionKeys.size,
      session_correlation_sample_count: sessionCorrelated,
      session_correlation_sample_pct: pct(sessionCorrelated, total),
      actor_only_count: actorOnly,
      unmapped_identities: [...unmapped.values()],
    },
    warnings,
  };
}

type Totals = UsageTotals;
const zero = (): Totals => ({ events: 0, api_requests: 0, input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_creation_tokens: 0, cost_micros: 0, tool_rejections: 0 });
function add(t: Totals, g: UsageGroup): void {
  t.events += g.events;
  t.api_requests += g.api_requests;
  t.input_tokens += g.input_tokens;
  t.output_tokens += g.output_tokens;
  t.cache_read_tokens += g.cache_read_tokens;
  t.cache_creation_tokens += g.cache_creation_tokens;
  t.cost_micros += g.cost_micros;
  t.tool_rejections += g.tool_rejections;
}
const render = ({ cost_micros, ...rest }: Totals) => ({ cost_usd: usd(cost_micros), ...rest });

export const UNATTRIBUTED = '(unattributed)';
export const UNASSIGNED_TEAM = '(no team)';

/**
 * Anomalies (docs/telemetry.md): a person's cost on one UTC day against every person-day in the
 * window. With at least ANOMALY_MIN_DAYS person-days, a day is anomalous when its cost is above
 * all of: the median plus 3.5 robust deviations (modified z-score over the median absolute
 * deviation, Iglewicz–Hoaglin), three times the median, and ANOMALY_FLOOR_USD.
 */
export const ANOMALY_MIN_DAYS = 5;
export const ANOMALY_FLOOR_USD = 1;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? 0 : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function costAnomalies(personDays: { user: string; team: string; day: number; costMicros: number }[]) {
  if (personDays.length < ANOMALY_MIN_DAYS) return [];
  const costs = personDays.map((d) => d.costMicros);
  const med = median(costs);
  const mad = median(costs.map((c) => Math.abs(c - med)));
  const threshold = Math.max(med + (3.5 * mad) / 0.6745, 3 * med, ANOMALY_FLOOR_USD * 1e6);
  return personDays
    .filter((d) => d.costMicros > threshold)
    .map((d) => ({
      user: d.user,
      team: d.team,
      day: new Date(d.day * DAY_MS).toISOString().slice(0, 10),
      cost_usd: usd(d.costMicros),
      baseline_usd: usd(med),
      threshold_usd: usd(threshold),
      score: mad > 0 ? Math.round(((0.6745 * (d.costMicros - med)) / mad) * 100) / 100 : null,
      method: 'modified_z_score',
    }));
}

export async function otlpUsageCosts(repo: TelemetryRepo, orgId: string, days: number, now = Date.now(), onAnomaly?: () => void) {
  const since = now - days * DAY_MS;
  await repo.correlateLate(orgId, since);
  const groups = await repo.usageGroups(orgId, since, USAGE_GROUP_CAP);
  const labels = await repo.workstationLabels(orgId, [...new Set(groups.map((g) => g.workstation_id).filter((x): x is string => x !== null))]);
  const summary = zero();
  const teams = new Map<string, Totals & { users: Set<string> }>();
  const users = new Map<string, Totals & { team: string; sessions: Map<string, Totals & { session_id: string | null; workstation_id: string | null; hostname: string | null; source: string }>; workstations: Set<string> }>();
  const personDays = new Map<string, { user: string; team: string; day: number; costMicros: number }>();
  const allSessions = new Set<string>();
  const allWorkstations = new Set<string>();
  const sources = new Set<string>();
  for (const g of groups) {
    const ws = g.workstation_id ? labels.get(g.workstation_id) : undefined;
    const user = g.user_email ?? g.user_account ?? ws?.user_hint ?? ws?.os_username ?? UNATTRIBUTED;
    const team = g.team ?? UNASSIGNED_TEAM;
    const hostname = ws?.display_name ?? ws?.hostname ?? g.hostname;
    add(summary, g);
    sources.add(g.source);
    if (g.session_key) allSessions.add(g.session_key);
    if (g.workstation_id) allWorkstations.add(g.workstation_id);
    let t = teams.get(team);
    if (!t) teams.set(team, (t = { ...zero(), users: new Set() }));
    add(t, g);
    t.users.add(user);
    let u = users.get(user);
    if (!u) users.set(user, (u = { ...zero(), team, sessions: new Map(), workstations: new Set() }));
    add(u, g);
    if (g.workstation_id) u.workstations.add(g.workstation_id);
    const sk = `${g.session_key}\u0000${g.workstation_id}\u0000${g.source}`;
    let s = u.sessions.get(sk);
    if (!s) u.sessions.set(sk, (s = { ...zero(), session_id: g.session_key, workstation_id: g.workstation_id, hostname, source: g.source }));
    add(s, g);
    const pk = `${user}\u0000${g.day}`;
    const pd = personDays.get(pk);
    if (pd) pd.costMicros += g.cost_micros;
    else personDays.set(pk, { user, team, day: g.day, costMicros: g.cost_micros });
  }
  const anomalies = costAnomalies([...personDays.values()]);
  for (const a of anomalies) {
    const id = newId(now);
    const row = outboxRow({
      orgId,
      type: 'otlp.cost_anomaly',
      severity: 'medium',
      sourceTable: 'otlp_anomalies',
      sourceId: id,
      occurredAt: now,
      data: {
        actor: { email: a.user.includes('@') ? a.user : null, type: 'user' },
        evidence: {
          title: `Cost anomaly: ${a.user} spent $${a.cost_usd.toFixed(2)} on ${a.day}`,
          summary: `Above the threshold of $${a.threshold_usd.toFixed(2)} (median person-day $${a.baseline_usd.toFixed(2)}, ${a.method}).`,
          details: a,
        },
      },
    });
    if (await repo.recordAnomalyOnce(orgId, `${a.user}|${a.day}`.slice(0, 400), id, now, row)) onAnomaly?.();
  }
  const byCost = <T extends { cost_micros: number }>(a: T, b: T) => b.cost_micros - a.cost_micros;
  return {
    days,
    summary: {
      ...render(summary),
      sessions: allSessions.size,
      users: users.size,
      teams: teams.size,
      workstations: allWorkstations.size,
      sources: [...sources].sort(),
      from: iso(since),
      to: iso(now),
    },
    teams: [...teams.entries()].sort((a, b) => byCost(a[1], b[1])).map(([team, { users: members, ...t }]) => ({ team, ...render(t), users: members.size })),
    users: [...users.entries()]
      .sort((a, b) => byCost(a[1], b[1]))
      .map(([user, { team, sessions, workstations, ...t }]) => ({
        user,
        team,
        ...render(t),
        workstations: workstations.size,
        sessions: [...sessions.values()]
          .sort(byCost)
          .slice(0, SESSIONS_PER_USER)
          .map(({ session_id, workstation_id, hostname, source, ...st }) => ({ session_id, workstation_id, hostname, source, ...render(st) })),
      })),
    anomalies,
  };
}

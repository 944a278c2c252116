import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baselineStatus, type WorkstationEvidence } from '../../src/fleet/derive/index.js';
import { DAY, HOUR, NOW, ago } from './fixtures.js';

// Established, Learning, Off (the spec names them; the rules are ours, see docs/fleet-states.md).
const ROWS: Array<{ name: string; ev: WorkstationEvidence; want: string }> = [
  { name: 'Off: baseline switched off', ev: { baselineEnabled: false, firstAgentActivityAt: ago(90 * DAY), sessionsTotal: 100 }, want: 'Off' },
  { name: 'Off: no agent activity ever', ev: { lastSeenAt: ago(HOUR) }, want: 'Off' },
  { name: 'Learning: first activity an hour ago', ev: { firstAgentActivityAt: ago(HOUR), sessionsTotal: 1 }, want: 'Learning' },
  { name: 'Learning: 6 days 23 hours in, many sessions', ev: { firstAgentActivityAt: ago(7 * DAY - HOUR), sessionsTotal: 50 }, want: 'Learning' },
  { name: 'Learning: 30 days in but only 4 sessions', ev: { firstAgentActivityAt: ago(30 * DAY), sessionsTotal: 4 }, want: 'Learning' },
  { name: 'Established: 7 days and 5 sessions', ev: { firstAgentActivityAt: ago(7 * DAY), sessionsTotal: 5 }, want: 'Established' },
  { name: 'Established: 30 days, session count unknown', ev: { firstAgentActivityAt: ago(30 * DAY) }, want: 'Established' },
  { name: 'Established: explicitly enabled', ev: { baselineEnabled: true, firstAgentActivityAt: ago(30 * DAY), sessionsTotal: 9 }, want: 'Established' },
];

for (const row of ROWS) {
  test(`baselineStatus: ${row.name}`, () => {
    assert.equal(baselineStatus(row.ev, NOW), row.want);
  });
}

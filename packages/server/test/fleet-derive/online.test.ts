import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crossedOffline, isOnline, offlineAt, onlineStatus, ONLINE_WINDOW_MS, type Timestamp } from '../../src/fleet/derive/index.js';
import { MIN, NOW, SEC, ago } from './fixtures.js';

// The spec's online-status table, row by row, plus the window's edges.
const STATUS: Array<{ name: string; lastSeenAt: Timestamp; overPlanLimit?: boolean; want: string }> = [
  { name: 'offline/new → online: a hook call just reached the service', lastSeenAt: ago(0), want: 'online' },
  { name: 'online: activity 14m59s ago is within 15 minutes', lastSeenAt: ago(15 * MIN - SEC), want: 'online' },
  { name: 'online → offline: no shield activity for 15 minutes', lastSeenAt: ago(15 * MIN), want: 'offline' },
  { name: 'offline: activity an hour ago', lastSeenAt: ago(60 * MIN), want: 'offline' },
  { name: 'offline: never seen', lastSeenAt: null, want: 'offline' },
  { name: 'online: heartbeat slightly in the future (node clock skew)', lastSeenAt: NOW + 2 * SEC, want: 'online' },
  { name: 'over-plan-limit lock marker on an online host', lastSeenAt: ago(MIN), overPlanLimit: true, want: 'over_limit' },
  { name: 'over-plan-limit lock marker on an offline host', lastSeenAt: ago(60 * MIN), overPlanLimit: true, want: 'over_limit' },
];

for (const row of STATUS) {
  test(`onlineStatus: ${row.name}`, () => {
    assert.equal(onlineStatus({ lastSeenAt: row.lastSeenAt, overPlanLimit: row.overPlanLimit }, NOW), row.want);
  });
}

test('isOnline ignores the lock marker: hosts over a reduced limit keep checking in (Live coverage)', () => {
  assert.equal(isOnline({ lastSeenAt: ago(MIN), overPlanLimit: true }, NOW), true);
  assert.equal(isOnline({ lastSeenAt: new Date(ago(MIN)).toISOString() }, new Date(NOW)), true);
});

// The sweep fires workstation.offline once per crossing of the 15-minute threshold.
const CROSSING: Array<{ name: string; lastSeenAt: Timestamp; fired: Timestamp; want: boolean }> = [
  { name: 'still online: no event', lastSeenAt: ago(10 * MIN), fired: null, want: false },
  { name: 'crossed, not yet fired: fire', lastSeenAt: ago(15 * MIN), fired: null, want: true },
  { name: 'crossed long ago, not yet fired (sweep was down): fire', lastSeenAt: ago(300 * MIN), fired: null, want: true },
  { name: 'crossed and already fired for this spell: do not fire again', lastSeenAt: ago(30 * MIN), fired: ago(14 * MIN), want: false },
  { name: 'came back after the last event and crossed again: fire', lastSeenAt: ago(20 * MIN), fired: ago(60 * MIN), want: true },
  { name: 'already fired, recorded as the last_seen_at value it fired for', lastSeenAt: ago(30 * MIN), fired: ago(30 * MIN), want: false },
  { name: 'never seen: nothing to cross', lastSeenAt: null, fired: null, want: false },
];

for (const row of CROSSING) {
  test(`crossedOffline: ${row.name}`, () => {
    assert.equal(crossedOffline(row.lastSeenAt, NOW, row.fired), row.want);
  });
}

test('offlineAt is the last activity plus the 15-minute window', () => {
  assert.equal(offlineAt(ago(MIN)), ago(MIN) + ONLINE_WINDOW_MS);
  assert.equal(offlineAt(null), null);
});

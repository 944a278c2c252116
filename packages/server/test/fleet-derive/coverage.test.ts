import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aiIdeCoverageBadge, connectedSurfaces, coworkAwaitingLiveVerification, type SurfaceCoverage } from '../../src/fleet/derive/index.js';
import { HOUR, MIN, ago } from './fixtures.js';

const live = (surface: string, over: Partial<SurfaceCoverage> = {}): SurfaceCoverage => ({
  surface,
  hookType: 'command',
  expectedHooksHealthy: true,
  lastEventAt: ago(MIN),
  scope: 'user',
  ...over,
});
const mdm = (surface: string): SurfaceCoverage => ({ surface, hookType: 'mdm', expectedHooksHealthy: true, lastEventAt: ago(HOUR) });

test('connectedSurfaces: one chip per surface that sent an event, in spec order, MDM reports excluded', () => {
  const coverage = [live('codex'), live('claude-code', { hookType: 'http' }), mdm('cursor'), live('cowork', { lastEventAt: null }), live('zed-agent')];
  assert.deepEqual(connectedSurfaces({ coverage }), ['claude-code', 'codex', 'zed-agent']);
  assert.deepEqual(connectedSurfaces({}), []);
});

// Each badge of the spec's AI IDE coverage column, and the empty cell.
const BADGES: Array<{ name: string; coverage?: SurfaceCoverage[]; presence?: boolean; missing?: boolean; want: string | null }> = [
  { name: 'MDM-reported presence: IDE reported, no hooks and no events yet', presence: true, want: 'MDM-reported presence' },
  { name: 'Preseeded coverage: MDM reported hook coverage, not yet confirmed live', coverage: [mdm('claude-code')], presence: true, want: 'Preseeded coverage' },
  { name: 'Workspace-limited coverage: hooks in one project only', coverage: [live('claude-code', { scope: 'workspace', hookType: 'http' })], want: 'Workspace-limited coverage' },
  { name: 'Missing expected hook: reported by MDM/broker', coverage: [mdm('cursor')], missing: true, want: 'Missing expected hook' },
  { name: 'Missing expected hook: a surface hook disabled, wins over workspace-limited', coverage: [live('codex', { expectedHooksHealthy: false, scope: 'workspace' })], want: 'Missing expected hook' },
  { name: 'no badge: preseeded coverage confirmed by a live event', coverage: [mdm('claude-code'), live('claude-code', { hookType: 'http' })], presence: true, want: null },
  { name: 'no badge: plain user-level hooks', coverage: [live('gemini')], want: null },
  { name: 'no badge: nothing reported', want: null },
];

for (const row of BADGES) {
  test(`aiIdeCoverageBadge: ${row.name}`, () => {
    assert.equal(aiIdeCoverageBadge({ coverage: row.coverage, mdmPresenceReported: row.presence, missingExpectedHook: row.missing }), row.want);
  });
}

test('cowork awaits live verification until its first hook event', () => {
  assert.equal(coworkAwaitingLiveVerification({ coverage: [live('cowork', { hookType: 'extension', lastEventAt: null })] }), true);
  assert.equal(coworkAwaitingLiveVerification({ coverage: [live('cowork', { hookType: 'extension' })] }), false);
  assert.equal(coworkAwaitingLiveVerification({ coverage: [live('claude-code', { lastEventAt: null })] }), false);
});

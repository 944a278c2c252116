import { test } from 'node:test';
import assert from 'node:assert/strict';
import { managementLabel, mdmProviderId, MDM_PROVIDERS, type WorkstationEvidence } from '../../src/fleet/derive/index.js';

// Every value of the spec's Management column, and the precedence between them.
const ROWS: Array<{ name: string; ev: WorkstationEvidence; want: string }> = [
  { name: 'native Linux package enrollment', ev: { installSource: 'native_linux_rpm', managementSource: 'service', mdmProvider: 'service' }, want: 'Native Linux package' },
  { name: 'native package pushed by an MDM is still the native package', ev: { installSource: 'native_linux_rpm', managementSource: 'mdm', mdmProvider: 'jamf' }, want: 'Native Linux package' },
  { name: 'Jamf', ev: { installSource: 'mdm', managementSource: 'mdm', mdmProvider: 'jamf' }, want: 'Jamf' },
  { name: 'Jamf Pro spelling', ev: { installSource: 'mdm', mdmProvider: 'Jamf Pro' }, want: 'Jamf' },
  { name: 'Microsoft Intune', ev: { installSource: 'mdm', managementSource: 'mdm', mdmProvider: 'microsoft_intune' }, want: 'Microsoft Intune' },
  { name: 'Kandji', ev: { installSource: 'mdm', managementSource: 'mdm', mdmProvider: 'Kandji' }, want: 'Kandji' },
  { name: 'manual install later enrolled in MDM', ev: { installSource: 'manual', managementSource: 'mdm', mdmProvider: 'intune' }, want: 'Microsoft Intune' },
  { name: 'MDM from an unknown provider is not claimed', ev: { installSource: 'mdm', managementSource: 'mdm', mdmProvider: 'acme-mdm' }, want: 'Unclassified' },
  { name: 'provider without MDM management is ignored', ev: { installSource: 'manual', mdmProvider: 'jamf' }, want: 'Manual' },
  { name: 'Approved', ev: { installSource: 'manual', managementSource: 'approved' }, want: 'Approved' },
  { name: 'Extension', ev: { installSource: 'extension' }, want: 'Extension' },
  { name: 'Manual', ev: { installSource: 'manual' }, want: 'Manual' },
  { name: 'Unclassified: no install source reported', ev: {}, want: 'Unclassified' },
  { name: 'Unclassified: blank install source', ev: { installSource: '  ' }, want: 'Unclassified' },
  { name: 'Unclassified: unrecognized install source', ev: { installSource: 'floppy' }, want: 'Unclassified' },
];

for (const row of ROWS) {
  test(`managementLabel: ${row.name}`, () => {
    assert.equal(managementLabel(row.ev), row.want);
  });
}

test('exactly three MDM providers are named', () => {
  assert.deepEqual(Object.values(MDM_PROVIDERS), ['Jamf', 'Microsoft Intune', 'Kandji']);
  assert.equal(mdmProviderId('MS-Intune'), 'intune');
  assert.equal(mdmProviderId(null), null);
});

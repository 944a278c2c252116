// The fleet list Management column (spec: Workstation, fleet list columns): "Native Linux package,
// one of three MDM providers, Manual, Approved, Extension, or Unclassified (no install source reported)".
import { present, type WorkstationEvidence } from './evidence.js';

/**
 * The three MDM providers the column names. Jamf (Apple fleets), Microsoft Intune (Windows and
 * mixed fleets) and Kandji (Apple fleets) are the products our managed-coverage reports come from.
 * Keys are the canonical provider ids the store should save in `mdm_provider`.
 */
export const MDM_PROVIDERS = {
  jamf: 'Jamf',
  intune: 'Microsoft Intune',
  kandji: 'Kandji',
} as const;
export type MdmProviderId = keyof typeof MDM_PROVIDERS;
export type MdmProviderLabel = (typeof MDM_PROVIDERS)[MdmProviderId];

/** Install sources the clients report. */
export const INSTALL_SOURCES = {
  /** The native Linux package enrollment (spec: provider `service`, install source `native_linux_rpm`). */
  nativeLinuxRpm: 'native_linux_rpm',
  /** A fleet script run by MDM (`service-mcp-gateway`, managed settings). */
  mdm: 'mdm',
  /** A developer ran `service install-hooks` or installed the plugin by hand. */
  manual: 'manual',
  /** An IDE or cowork extension installed the hooks. */
  extension: 'extension',
} as const;

/** Management sources: who manages the device now (can change after install). */
export const MANAGEMENT_SOURCES = {
  mdm: 'mdm',
  /** An admin approved the self-installed host in the dashboard. */
  approved: 'approved',
  /** The native package's local broker. */
  service: 'service',
} as const;

export type ManagementLabel = 'Native Linux package' | MdmProviderLabel | 'Manual' | 'Approved' | 'Extension' | 'Unclassified';

// Spelling variants seen in MDM payloads ("Jamf Pro", "microsoft_intune", "MS-Intune").
const PROVIDER_ALIASES: Record<string, MdmProviderId> = {
  jamf: 'jamf',
  jamfpro: 'jamf',
  intune: 'intune',
  microsoftintune: 'intune',
  msintune: 'intune',
  kandji: 'kandji',
};

/** The canonical id of a known MDM provider, or null. */
export function mdmProviderId(provider: string | null | undefined): MdmProviderId | null {
  const p = present(provider);
  if (p === null) return null;
  return PROVIDER_ALIASES[p.toLowerCase().replace(/[^a-z0-9]/g, '')] ?? null;
}

function norm(s: string | null | undefined): string | null {
  return present(s)?.toLowerCase() ?? null;
}

/**
 * First match wins:
 * 1. install source `native_linux_rpm` → Native Linux package (the package is the enforcing path,
 *    even when an MDM pushed it);
 * 2. MDM management (management or install source `mdm`) with a recognized provider → its name;
 * 3. management source `approved` → Approved;
 * 4. install source `extension` → Extension;
 * 5. install source `manual` → Manual;
 * 6. anything else → Unclassified: no install source reported, an MDM we cannot attribute to a known
 *    provider, or an install source we do not recognize. We never claim management we cannot name.
 */
export function managementLabel(ev: WorkstationEvidence): ManagementLabel {
  const install = norm(ev.installSource);
  const management = norm(ev.managementSource);
  if (install === INSTALL_SOURCES.nativeLinuxRpm) return 'Native Linux package';
  const provider = mdmProviderId(ev.mdmProvider);
  if (provider !== null && (management === MANAGEMENT_SOURCES.mdm || install === INSTALL_SOURCES.mdm)) {
    return MDM_PROVIDERS[provider];
  }
  if (management === MANAGEMENT_SOURCES.approved) return 'Approved';
  if (install === INSTALL_SOURCES.extension) return 'Extension';
  if (install === INSTALL_SOURCES.manual) return 'Manual';
  return 'Unclassified';
}

/** MDM manages the host: signed MDM enrollment, MDM management or install source, or a known MDM provider. */
export function isMdmManaged(ev: WorkstationEvidence): boolean {
  if (ev.mdmEnrollmentSigned === true || mdmProviderId(ev.mdmProvider) !== null) return true;
  return norm(ev.managementSource) === MANAGEMENT_SOURCES.mdm || norm(ev.installSource) === INSTALL_SOURCES.mdm;
}

/** True for hosts MDM manages or pre-registered, or that enrolled through the native package. */
export function isManagedOrNativeHost(ev: WorkstationEvidence): boolean {
  if (norm(ev.installSource) === INSTALL_SOURCES.nativeLinuxRpm || isMdmManaged(ev)) return true;
  return ev.mdmPresenceReported === true || (ev.coverage ?? []).some((c) => c.hookType === 'mdm');
}

// Post-tool audit (spec: POST /api/v1/audit): findings about what a tool returned. Never
// blocks anything; the output is already in the agent's context, so the point is to record
// that secrets or injected instructions passed through.
import { findInjection } from './rules/injection.js';
import { findSecrets } from './rules/secrets.js';
import type { Severity } from './types.js';

export interface OutputRisk {
  patternName: string;
  severity: Severity;
  category: string;
  summary: string;
}

/** Output beyond this many characters is not scanned (tool output can be megabytes). */
export const MAX_OUTPUT_SCAN = 200_000;

export function findOutputRisks(output: string, entropyThreshold = 4): OutputRisk[] {
  if (typeof output !== 'string' || output.length === 0) return [];
  const text = output.length > MAX_OUTPUT_SCAN ? output.slice(0, MAX_OUTPUT_SCAN) : output;
  const risks: OutputRisk[] = findSecrets(text, entropyThreshold, MAX_OUTPUT_SCAN).map((h) => ({
    patternName: `secret_in_output.${h.kind}`,
    severity: h.severity,
    category: 'secret_in_output',
    summary: `The tool output contains ${h.label}; it is now in the agent's context and should be rotated if it is real.`,
  }));
  const inj = findInjection(text, 0, MAX_OUTPUT_SCAN);
  if (inj) risks.push({ patternName: inj.patternName.replace('prompt_injection.', 'prompt_injection_in_output.'), severity: inj.severity, category: 'prompt_injection', summary: `The tool output ${inj.reason.slice(5)}` });
  if (output.length > MAX_OUTPUT_SCAN) risks.push({ patternName: 'output.truncated_scan', severity: 'info', category: 'audit', summary: `Only the first ${MAX_OUTPUT_SCAN} of ${output.length} characters of output were scanned.` });
  return risks;
}

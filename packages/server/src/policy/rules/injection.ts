// prompt_injection: text that tries to replace the agent's instructions ("ignore all
// previous instructions", fake [SYSTEM] or administrator messages, "you are now in … mode"),
// especially when paired with a harmful action (credentials, uploads, disabling hooks) or
// with concealment ("do not mention it to the user"). A phrase that is only quoted, as in
// "strip phrases like 'ignore all previous instructions'", is a mention, not an attack.
import type { Severity } from '../types.js';
import { shiftSeverity } from '../findings.js';

const CATEGORY = 'prompt_injection';
const OVERRIDES: RegExp[] = [
  /\b(?:ignore|disregard|forget|override|bypass)\s{1,4}(?:(?:all|any|the|your|my|of|these)\s{1,4}){0,3}(?:previous|prior|above|earlier|preceding|system|original|safety|security|existing)\s{1,4}(?:instructions?|rules?|prompts?|directives?|guidelines?|polic(?:y|ies)|constraints?|guardrails?)/gi,
  /\bsystem\s{1,4}override\b/gi,
  /\[\s{0,2}(?:system|admin|administrator|developer|operator)\s{0,2}\]\s{0,2}:/gi,
  /<\|?(?:im_start\|>system|system\|>)/gi,
  /\byou\s{1,4}are\s{1,4}now\s{1,4}(?:in\s{1,4})?(?:[a-z-]{1,20}\s{1,4}){0,2}mode\b/gi,
  /\bnew\s{1,4}(?:policy|instructions?|rules?|directive)\s{1,4}from\s{1,4}(?:your\s{1,4})?(?:administrator|admin|developer|operator|system|security team)/gi,
  /\b(?:ai|llm|assistant|agent|model)s?\s{1,4}(?:reading|processing|parsing|summari[sz]ing)\s{1,4}this\b/gi,
  /\b(?:do\s{1,4}anything\s{1,4}now|dan\s{1,4}mode|developer\s{1,4}mode\s{1,4}enabled)\b/gi,
];
const CONCEAL = /\b(?:do\s{1,4}not|don't|never)\s{1,4}(?:mention|tell|reveal|inform|notify|show|report|disclose)\b.{0,40}?\b(?:user|anyone|human|them)\b|\b(?:delete|remove|erase)\s{1,4}this\s{1,4}(?:message|instruction|comment|note)|\bwithout\s{1,4}(?:telling|informing|notifying|asking)\s{1,4}(?:the\s{1,4})?user\b|\bhide\s{1,4}(?:this|it|the\s{1,4}evidence)\b/i;
const SECRET_TARGET = /~\/\.ssh|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.aws\/credentials|~\/\.aws\b|\/etc\/shadow|\bkeychain\b|\.env\b|private\s{1,4}keys?|\bcredentials?\b|\bapi\s{1,4}keys?\b|\btokens?\b|\bpasswords?\b/i;
const EGRESS = /\b(?:upload|exfiltrate|send|post|transmit|forward|push|copy)\b[\s\S]{0,120}?(?:https?:\/\/|\b\d{1,3}(?:\.\d{1,3}){3}\b|\bgit@)|\bcurl\b[^\n]{0,80}?(?:-d\b|--data|-T\b|-F\b|@-)|\|\s{0,3}nc\b/i;
const DISABLE = /\b(?:disable|delete|remove|turn\s{1,4}off|kill|uninstall|bypass)\b.{0,60}?\b(?:hooks?|hooks\.json|security|antivirus|edr|firewall|selinux|apparmor|audit|monitoring|guardrails?|policy|sandbox)\b/i;
const DESTROY = /\brm\s{1,4}-[a-z]*r[a-z]*\s{1,4}(?:~|\/|\$HOME)(?:\s|$|\/\s)/i;
const HIDDEN = /<!--[\s\S]{0,2000}?-->|[\u200b-\u200f\u2060\u202a-\u202e]/;

function quotedAt(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 2), start);
  const after = text.slice(end, end + 2);
  return /['"`\u201c\u2018]/.test(before) && /['"`\u201d\u2019]/.test(after);
}

export interface InjectionHit {
  patternName: string;
  severity: Severity;
  category: string;
  reason: string;
}

/**
 * Scores `text`. `shift` lowers the severity for places where quoting attack text is common
 * (file content, tool output), -1 per step.
 */
export function findInjection(text: string, shift = 0, limit = 100_000): InjectionHit | null {
  const t = text.length > limit ? text.slice(0, limit) : text;
  let override: string | null = null;
  for (const re of OVERRIDES) {
    re.lastIndex = 0;
    for (let m = re.exec(t); m; m = re.exec(t)) {
      if (!quotedAt(t, m.index, m.index + m[0].length)) {
        override = m[0];
        break;
      }
    }
    if (override) break;
  }
  const conceal = CONCEAL.test(t);
  const actions: string[] = [];
  if (SECRET_TARGET.test(t) && EGRESS.test(t)) actions.push('send credentials or files to a remote host');
  else if (EGRESS.test(t) && override) actions.push('send data to a remote host');
  else if (SECRET_TARGET.test(t) && override && /\b(?:read|cat|print|show|dump|open|tar|zip|copy)\b/i.test(t)) actions.push('read credentials');
  if (DISABLE.test(t)) actions.push('disable security controls');
  if (DESTROY.test(t)) actions.push('delete the home or root directory');
  const hidden = HIDDEN.test(t) && (override !== null || conceal);
  let severity: Severity | null = null;
  let rule = '';
  if (override && (actions.length || conceal)) {
    severity = 'high';
    rule = 'instruction_override_with_action';
  } else if (override) {
    severity = 'medium';
    rule = 'instruction_override';
  } else if (conceal && actions.length) {
    severity = 'medium';
    rule = 'concealed_action';
  }
  if (!severity) return null;
  if (hidden && severity === 'high') severity = 'critical';
  const parts = [override ? `tries to override the agent's instructions ("${override.slice(0, 60)}")` : 'asks the agent to act covertly'];
  if (actions.length) parts.push(`and to ${actions.join(' and ')}`);
  if (conceal) parts.push('while hiding it from the user');
  return {
    patternName: `${CATEGORY}.${rule}`,
    severity: shift ? shiftSeverity(severity, shift) : severity,
    category: CATEGORY,
    reason: `Text ${parts.join(' ')}.`,
  };
}

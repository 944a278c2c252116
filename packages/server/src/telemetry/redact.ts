// What of an agent's prompt text may be kept. Prompt text reaches us only when the agent's own
// setting chose to export it (Claude Code OTEL_LOG_USER_PROMPTS, Gemini telemetry.logPrompts,
// Codex otel.log_user_prompt); even then it is truncated and passed through redactForStorage.
//
// Secrets are cut by the server's one redaction step (redaction/redact.ts), the same markers
// that shield events and the outbox carry.
import { redactText } from '../redaction/redact.js';

export const MAX_PROMPT_CHARS = 1000;

/** Masks secrets in text that is about to be stored. */
export function redactForStorage(text: string): string {
  return redactText(text).text;
}

/** Prompt text as stored: null when the agent did not send it, else truncated and redacted. */
export function storablePrompt(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const t = value.trim();
  if (t === '' || t === '<REDACTED>' || t === '[REDACTED]') return null;
  const cut = t.length > MAX_PROMPT_CHARS ? `${t.slice(0, MAX_PROMPT_CHARS)}…` : t;
  return redactForStorage(cut);
}

// The key's context and the admin API for API keys.
import { z } from 'zod';
import { optionalTimestamp, timestamp } from './common.js';

export const keyKind = z.enum(['runtime', 'admin']);

export const meResponse = z.object({
  role: z.string().describe('Role of the user who created the key'),
  org_name: z.string(),
  plan: z.string(),
});
export type MeResponse = z.infer<typeof meResponse>;

export const apiKeyItem = z.object({
  id: z.string(),
  kind: keyKind,
  name: z.string(),
  prefix: z.string().describe('The first characters of the key; the key itself is never shown again'),
  created_at: timestamp,
  revoked_at: optionalTimestamp,
  last_used_at: optionalTimestamp,
  created_by: z.string().nullable().describe('E-mail of the user who created the key, when a known user made it'),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;

export const apiKeyList = z.object({ keys: z.array(apiKeyItem) });
export type ApiKeyList = z.infer<typeof apiKeyList>;

export const createdApiKey = z.object({
  id: z.string(),
  key: z.string().describe('The raw key: in this response only'),
  kind: keyKind,
  prefix: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const revokedApiKey = z.object({ id: z.string(), revoked_at: timestamp });
export type RevokedApiKey = z.infer<typeof revokedApiKey>;

// The activity log: export and hash-chain verification.
import { z } from 'zod';
import { timestamp } from './common.js';

export const activityEntry = z.object({
  seq: z.number().int(),
  id: z.string(),
  at: timestamp,
  actor: z.object({ key_id: z.string().nullable(), email: z.string().nullable() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  before: z.unknown(),
  after: z.unknown(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const activityExport = z.object({ entries: z.array(activityEntry) });
export type ActivityExport = z.infer<typeof activityExport>;

export const verifyResult = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  head_seq: z.number().int(),
  first_bad: z
    .object({ seq: z.number().int(), id: z.string().nullable(), problem: z.string(), message: z.string() })
    .optional()
    .describe('The first bad row: its seq (and id when the row exists) and what is wrong with it'),
});
export type VerifyResult = z.infer<typeof verifyResult>;

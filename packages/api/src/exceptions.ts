// Exceptions to a recorded deny or warn: the developer's request and the admin's workflow.
import { z } from 'zod';
import { optionalTimestamp, timestamp } from './common.js';

export const exceptionStatus = z.enum(['requested', 'triaged', 'context_requested', 'approved', 'denied', 'expired']);

export const exceptionView = z.object({
  id: z.string(),
  event_id: z.string(),
  status: exceptionStatus,
  reason: z.string(),
  requested_by: z.object({ key_id: z.string(), hostname: z.string().nullable(), user: z.string().nullable() }),
  event: z.object({ summary: z.string().nullable(), hostname: z.string().nullable() }),
  scope: z
    .object({ kind: z.enum(['exact_command', 'pattern', 'path']), value: z.string(), host: z.string().nullable(), user: z.string().nullable(), repository: z.string().nullable() })
    .nullable(),
  expires_at: optionalTimestamp,
  decided_by: z.object({ key_id: z.string().nullable(), email: z.string().nullable() }).nullable(),
  note: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  decided_at: optionalTimestamp,
});
export type ExceptionView = z.infer<typeof exceptionView>;

export const exceptionList = z.object({ exceptions: z.array(exceptionView) });
export type ExceptionList = z.infer<typeof exceptionList>;

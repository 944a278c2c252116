// Building blocks shared by the schemas of every area.
import { z } from 'zod';

/** An instant as the API writes it: ISO 8601 in UTC (`2026-01-31T12:00:00.000Z`). */
export const timestamp = z.string().describe('ISO 8601 date-time (UTC)');
export const optionalTimestamp = timestamp.nullable();

/** The spec's error shape, for every 4xx and 5xx the JSON API answers. */
export const errorBody = z
  .object({
    error: z.string().describe('HTTP reason phrase'),
    message: z.string().describe('What went wrong, precisely enough to fix the request'),
    code: z.number().int().describe('The HTTP status code'),
    requestId: z.string().optional().describe('On 5xx only: quote it when reporting the failure'),
  })
  .describe('Error');
export type ErrorBody = z.infer<typeof errorBody>;

/** A page of a cursor-paged list: `next_cursor` is null on the last page. */
export const pageInfo = { next_cursor: z.string().nullable(), limit: z.number().int() };

/** A count per key (surface, note, level...). */
export const counts = z.record(z.number());

/** A short acknowledgement of a batch. */
export const accepted = z.object({ accepted: z.number().int().describe('How many events were stored') });

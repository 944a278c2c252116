// Turns a zod schema failure into one 400 that names each offending field.
import type { z } from 'zod';
import { describeIssues } from '../errors.js';
import { BadRequestError } from './errors.js';

export function parseBody<T extends z.ZodTypeAny>(schema: T, body: unknown): z.output<T> {
  if (body === undefined) throw new BadRequestError('A JSON request body is required.');
  const result = schema.safeParse(body);
  if (!result.success) throw new BadRequestError(`Invalid request body: ${describeIssues(result.error)}.`);
  return result.data;
}

export function parseQuery<T extends z.ZodTypeAny>(schema: T, query: unknown): z.output<T> {
  const result = schema.safeParse(query);
  if (!result.success) throw new BadRequestError(`Invalid query: ${describeIssues(result.error)}.`);
  return result.data;
}

// The errors domain code raises. They say what went wrong in the caller's terms (not found, in
// conflict, invalid, over a limit, not allowed) and nothing about HTTP: http/errors.ts is the one
// place that maps each kind to a status and the spec's error body. Domain folders import these,
// never http/.
import type { z } from 'zod';

export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden' | 'limit_exceeded';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
}

/** The input is wrong in a way the caller can fix (a field, a cursor, a value out of range). */
export class InvalidError extends DomainError {
  readonly kind = 'invalid';
}

export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
  constructor(message = 'Not found.') {
    super(message);
  }
}

/** The request contradicts the current state (a duplicate, a stale read, a forbidden transition). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** A plan or size limit; carries the numbers so callers and messages can say them. */
export class LimitExceededError extends DomainError {
  readonly kind = 'limit_exceeded';
  constructor(
    message: string,
    readonly limit: string,
    readonly max: number,
    readonly current: number,
  ) {
    super(message);
  }
}

/** A zod failure as one sentence naming each offending field (the first ten). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

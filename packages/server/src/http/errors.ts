// Transport errors (authentication, framing, body limits, rate limits) and the one place that
// maps every error, domain errors included, to a status and the spec's error body
// `{ error, message, code }` (spec: Errors). 5xx messages are never shown.
import { ConflictError, DomainError, ForbiddenError, LimitExceededError, NotFoundError, type DomainErrorKind } from '../errors.js';

// Routes raise the domain errors too (an unknown id in a path); they are the same classes.
export { ConflictError, ForbiddenError, LimitExceededError, NotFoundError };

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'A valid API key is required: send it as "Authorization: Bearer <API_KEY>".') {
    super(401, message, { 'WWW-Authenticate': 'Bearer' });
  }
}
export class MethodNotAllowedError extends AppError {
  constructor(allowed: string[]) {
    super(405, `Method not allowed here; use ${allowed.join(', ')}.`, { Allow: allowed.join(', ') });
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(
    limit: number,
    /** The first bytes of the body, when a hook route asked for them (to answer in the event's shape). */
    readonly head = '',
  ) {
    super(413, `The request body is larger than the limit of ${limit} bytes.`);
  }
}
/** JSON nested deeper than MAX_JSON_DEPTH: refused before it is parsed (http/json-depth.ts). */
export class JsonTooDeepError extends BadRequestError {
  constructor(
    readonly maxDepth: number,
    /** The start of the body (hook routes read the event name from it). */
    readonly head = '',
  ) {
    super(`The request body nests JSON arrays/objects more than ${maxDepth} levels deep.`);
  }
}
/** The body did not arrive within SERVICE_BODY_TIMEOUT_MS of the handler asking for it. */
export class RequestTimeoutError extends AppError {
  constructor(timeoutMs: number) {
    super(408, `The request body did not arrive within ${timeoutMs} ms; check Content-Length against the body sent.`, { Connection: 'close' });
  }
}
/** The client closed the connection before its body arrived: nobody is left to answer. */
export class ClientAbortedError extends AppError {
  constructor() {
    super(400, 'The client closed the connection before the request body arrived.');
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, 'Send the request body as JSON with "Content-Type: application/json".');
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { 'Retry-After': String(retryAfterSeconds) });
  }
}

const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface ErrorBody {
  error: string;
  message: string;
  code: number;
  requestId?: string;
}

export function errorBody(status: number, message: string, requestId?: string): ErrorBody {
  const body: ErrorBody = { error: REASON[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request'), message, code: status };
  if (status >= 500 && requestId) body.requestId = requestId;
  return body;
}

const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  limit_exceeded: 403,
};

/** Any error the server answers with a 4xx of its own, as an AppError; null for anything else (a 5xx). */
export function asAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof DomainError) return new AppError(DOMAIN_STATUS[err.kind], err.message);
  return null;
}

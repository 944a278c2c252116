// Typed errors raised anywhere in the server, and the one table that maps them to the spec's
// error body `{ error, message, code }` (spec: Errors). 5xx messages are never shown.

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
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class MethodNotAllowedError extends AppError {
  constructor(allowed: string[]) {
    super(405, `Method not allowed here; use ${allowed.join(', ')}.`, { Allow: allowed.join(', ') });
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
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
/** A plan or size limit; carries the numbers so callers and messages can say them. */
export class LimitExceededError extends AppError {
  constructor(
    message: string,
    readonly limit: string,
    readonly max: number,
    readonly current: number,
  ) {
    super(403, message);
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

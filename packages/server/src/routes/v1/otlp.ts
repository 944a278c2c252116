// OTLP/HTTP ingest and the three telemetry reads (spec: POST /api/v1/otlp/v1/logs, GET
// /api/v1/otlp/health, /setup-health, /usage-costs). The agents' OTEL_EXPORTER_OTLP_ENDPOINT is
// {base_url}/api/v1/otlp, so the exporters also post metrics (and Gemini CLI traces) to
// /api/v1/otlp/v1/metrics and /v1/traces: those are answered (checked, acknowledged, not
// stored) rather than 404, which exporters report as errors and retry.
import type { AppDeps } from '../../app-deps.js';
import type { AppContext } from '../../http/context.js';
import { AppError, BadRequestError, ForbiddenError } from '../../http/errors.js';
import { readBytes } from '../../http/body.js';
import { ADMIN_ACCESS, defineRoute, RUNTIME_ACCESS } from '../../http/route.js';
import { WriterClosedError } from '../../store/index.js';
import { TelemetryIngest, TelemetryOverloadedError, TooManyRecordsError } from '../../telemetry/ingest.js';
import { checkTraces, countMetricPoints, decodeLogs, encodeTracesResponse, decompress, encodeLogsResponse, encodeMetricsResponse, encodingOf, OtlpInputError, type OtlpEncoding } from '../../telemetry/otlp-wire.js';
import { z } from 'zod';
import { otlpEmptyAnswer, otlpHealth as otlpHealthResponse, otlpJsonRequest, otlpLogsAnswer, otlpProtobuf, otlpSetupHealth as otlpSetupHealthResponse, otlpUsageCosts as otlpUsageCostsResponse } from '@service/api';

/** An OTLP/HTTP export: protobuf or JSON, optionally gzip or deflate (Content-Encoding). */
const OTLP_REQUEST = { body: { content: { 'application/x-protobuf': otlpProtobuf, 'application/json': otlpJsonRequest } } };

/** Compressed (wire) body limit of an OTLP request. */
export const OTLP_MAX_WIRE_BYTES = 8 * 1024 * 1024;
/** Limit after gzip/deflate decompression (a gzip bomb stops here with 413). */
export const OTLP_MAX_DECOMPRESSED_BYTES = 32 * 1024 * 1024;

/** The ingest service of a running server (tests and the benchmark read its stats). */
export function telemetryOf(deps: AppDeps): TelemetryIngest {
  return deps.telemetry.ingest;
}

function readRaw(ctx: AppContext, limit: number, timeoutMs: number): Promise<Buffer> {
  const declared = Number(ctx.req.headers['content-length'] ?? -1);
  if (declared > limit) {
    ctx.req.resume();
    return Promise.reject(new AppError(413, `The request body is larger than the limit of ${limit} bytes.`));
  }
  return readBytes(ctx.req, limit, Number.isFinite(declared) ? declared : -1, timeoutMs);
}

function header(ctx: AppContext, name: string): string | null {
  const v = ctx.req.headers[name];
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s ? s : null;
}

/** Decoding problems as HTTP errors in the spec's shape; also announced once a minute as otlp.error. */
async function toHttpError(err: unknown, ingest: TelemetryIngest, orgId: string): Promise<unknown> {
  if (err instanceof OtlpInputError) {
    await ingest.reportError(orgId, err.message);
    const status = err.kind === 'too_large' ? 413 : err.kind === 'unsupported_type' || err.kind === 'unsupported_encoding' ? 415 : 400;
    return new AppError(status, err.message);
  }
  if (err instanceof TooManyRecordsError) {
    await ingest.reportError(orgId, err.message);
    return new AppError(413, err.message);
  }
  if (err instanceof TelemetryOverloadedError) return new AppError(503, err.message, { 'Retry-After': String(err.retryAfterSeconds) });
  if (err instanceof WriterClosedError) return new AppError(503, 'The server is shutting down; retry shortly.', { 'Retry-After': '5' });
  return err;
}

async function readOtlpBody(ctx: AppContext, bodyTimeoutMs: number): Promise<{ encoding: OtlpEncoding; body: Buffer }> {
  const encoding = encodingOf(header(ctx, 'content-type') ?? undefined);
  const wire = await readRaw(ctx, OTLP_MAX_WIRE_BYTES, bodyTimeoutMs);
  return { encoding, body: decompress(wire, header(ctx, 'content-encoding') ?? undefined, OTLP_MAX_DECOMPRESSED_BYTES) };
}

function reply(ctx: AppContext, encoding: OtlpEncoding, payload: Buffer | string): void {
  ctx.response.status = 200;
  ctx.response.set('Content-Type', encoding === 'json' ? 'application/json' : 'application/x-protobuf');
  ctx.response.body = payload;
}

export const otlpLogsRoute = defineRoute({
  method: 'POST',
  path: '/api/v1/otlp/v1/logs',
  access: RUNTIME_ACCESS,
  rawBody: true,
  summary: 'OTLP/HTTP logs (protobuf or JSON, gzip): agent telemetry as evidence',
  request: OTLP_REQUEST,
  response: { 200: { content: { 'application/x-protobuf': otlpProtobuf, 'application/json': otlpLogsAnswer } } },
  async handler(ctx, deps) {
    const ingest = telemetryOf(deps);
    const orgId = ctx.state.principal.orgId;
    try {
      const { encoding, body } = await readOtlpBody(ctx, deps.config.bodyTimeoutMs);
      const records = decodeLogs(body, encoding);
      ingest.stats.byEncoding[encoding]++;
      const result = await ingest.ingest(orgId, records, {
        hostname: header(ctx, 'x-hostname')?.slice(0, 255) ?? null,
        machineId: header(ctx, 'x-machine-id')?.slice(0, 200) ?? null,
        userEmail: header(ctx, 'x-user-email')?.slice(0, 320) ?? null,
        user: header(ctx, 'x-service-user')?.slice(0, 200) ?? null,
      });
      reply(ctx, encoding, encodeLogsResponse(encoding, result.rejected > 0 ? { rejected: result.rejected, message: result.message } : null));
    } catch (err) {
      throw await toHttpError(err, ingest, orgId);
    }
  },
});

/**
 * A signal the exporters send to the same base but that we only check and acknowledge: the
 * body is read and decoded like logs (same limits, same errors), nothing is stored.
 */
function acknowledgedSignalRoute(path: string, summary: string, check: (body: Buffer, encoding: OtlpEncoding) => unknown, encodeResponse: (encoding: OtlpEncoding) => Buffer | string) {
  return defineRoute({
    method: 'POST',
    path,
    access: RUNTIME_ACCESS,
    rawBody: true,
    summary,
    request: OTLP_REQUEST,
    response: { 200: { content: { 'application/x-protobuf': otlpProtobuf, 'application/json': otlpEmptyAnswer } } },
    async handler(ctx, deps) {
      const ingest = telemetryOf(deps);
      try {
        const { encoding, body } = await readOtlpBody(ctx, deps.config.bodyTimeoutMs);
        check(body, encoding);
        reply(ctx, encoding, encodeResponse(encoding));
      } catch (err) {
        throw await toHttpError(err, ingest, ctx.state.principal.orgId);
      }
    },
  });
}

export const otlpMetricsRoute = acknowledgedSignalRoute('/api/v1/otlp/v1/metrics', 'OTLP/HTTP metrics: checked and acknowledged, not stored (usage comes from the logs)', countMetricPoints, encodeMetricsResponse);

export const otlpTracesRoute = acknowledgedSignalRoute('/api/v1/otlp/v1/traces', 'OTLP/HTTP traces (Gemini CLI sends them to the same base): checked and acknowledged, not stored', checkTraces, encodeTracesResponse);

/** Spec: Authentication 10, the three otlp reads are Enterprise plan only. */
function requireEnterprise(ctx: AppContext): void {
  if (ctx.state.principal.plan !== 'enterprise') {
    throw new ForbiddenError(`The OTLP telemetry reads are available on the Enterprise plan only; this organization is on the ${ctx.state.principal.plan} plan.`);
  }
}

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

export const OTLP_DEFAULT_DAYS = 7;
export const OTLP_MAX_DAYS = 90;

export const otlpReadRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/otlp/health',
    access: ADMIN_ACCESS,
    summary: 'Telemetry activity status (Enterprise only)',
    response: { 200: otlpHealthResponse },
    async handler(ctx, deps) {
      requireEnterprise(ctx);
      ctx.body = await deps.telemetry.health(ctx.state.principal.orgId);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/otlp/setup-health',
    access: ADMIN_ACCESS,
    summary: 'Telemetry setup diagnosis: how many sampled events map to a workstation and person (Enterprise only)',
    response: { 200: otlpSetupHealthResponse },
    async handler(ctx, deps) {
      requireEnterprise(ctx);
      ctx.body = await deps.telemetry.setupHealth(ctx.state.principal.orgId);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/otlp/usage-costs',
    access: ADMIN_ACCESS,
    summary: 'Usage and cost per team, user, session and workstation, with anomalies (Enterprise only)',
    request: { query: z.object({ days: z.coerce.number().int().min(1).max(OTLP_MAX_DAYS).optional().describe(`Days back (default ${OTLP_DEFAULT_DAYS})`) }) },
    response: { 200: otlpUsageCostsResponse },
    async handler(ctx, deps) {
      requireEnterprise(ctx);
      const raw = one(ctx.query.days);
      let days = OTLP_DEFAULT_DAYS;
      if (raw !== undefined) {
        if (typeof raw !== 'string' || !/^\d{1,3}$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > OTLP_MAX_DAYS) {
          throw new BadRequestError(`days must be a whole number from 1 to ${OTLP_MAX_DAYS}.`);
        }
        days = Number(raw);
      }
      ctx.body = await deps.telemetry.usageCosts(ctx.state.principal.orgId, days);
    },
  }),
];

export const otlpRoutes = [otlpLogsRoute, otlpMetricsRoute, otlpTracesRoute, ...otlpReadRoutes];

// docs/api-reference.md, rendered from the OpenAPI document: every operation with its access,
// parameters, and an example of each body built from its schema. `npm run docs:api` writes
// it; test/api-docs.test.ts fails when the file and the routes disagree.
import type { OpenApiDocument } from './openapi.js';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
  default?: unknown;
  minimum?: number;
  description?: string;
  format?: string;
};

/** A plausible value of a schema: the first enum value, a default, or a placeholder of its type. */
export function exampleOf(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 12) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return exampleOf(alternatives.find((s) => s.type !== 'null') ?? alternatives[0], depth + 1);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      if (!schema.properties) return {};
      return Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, exampleOf(v, depth + 1)]));
    }
    case 'array':
      return schema.items ? [exampleOf(schema.items, depth + 1)] : [];
    case 'string':
      return schema.description?.startsWith('ISO 8601') ? '2026-01-31T12:00:00.000Z' : 'string';
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return null;
  }
}

interface MediaObject {
  schema?: Schema;
}
interface Operation {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema; description?: string }[];
  requestBody?: { content: Record<string, MediaObject> };
  responses: Record<string, { description?: string; content?: Record<string, MediaObject> }>;
}

function bodyExample(content: Record<string, MediaObject>): string {
  return Object.entries(content)
    .map(([type, media]) => {
      if (type !== 'application/json') return `\`${type}\`: ${media.schema?.description ?? 'see the schema'}`;
      return `\`\`\`json\n${JSON.stringify(exampleOf(media.schema))}\n\`\`\``;
    })
    .join('\n\n');
}

function paramType(s: Schema | undefined): string {
  if (!s) return 'string';
  if (s.enum) return s.enum.map((v) => `\`${String(v)}\``).join(' \\| ');
  return String(Array.isArray(s.type) ? s.type.join('|') : (s.type ?? 'string'));
}

/** The heading of an operation, as the docs name it: `GET /api/v1/exceptions/{id}`. */
export const operationHeading = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

export function renderApiReference(doc: OpenApiDocument): string {
  const out: string[] = [
    '# API reference: every route',
    '',
    '<!-- Generated from GET /api/v1/openapi.json by `npm run docs:api`; do not edit by hand. -->',
    '',
    'Every route the server mounts, generated from the schemas it declares (`@service/api`). The',
    'prose, the rules and the error statuses are in [api.md](api.md) and the pages it links; the',
    'machine-readable document is `GET /api/v1/openapi.json` (OpenAPI 3.1, no key needed). Every',
    'error has the shape `{ "error", "message", "code" }`. Examples are built from the schemas:',
    'they show the shape, not real values. The admin page (HTML) is not part of the API.',
    '',
  ];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, raw] of Object.entries(item as Record<string, Operation>)) {
      const op = raw as Operation;
      out.push(`## ${operationHeading(method, path)}`, '', `${op.summary ?? ''}. ${op.description ?? ''}`.trim(), '');
      const params = op.parameters ?? [];
      if (params.length) {
        out.push('| Parameter | In | Type | Required |', '|---|---|---|---|');
        for (const p of params) out.push(`| \`${p.name}\` | ${p.in} | ${paramType(p.schema)} | ${p.required ? 'yes' : 'no'} |`);
        out.push('');
      }
      if (op.requestBody) out.push('Request body:', '', bodyExample(op.requestBody.content), '');
      for (const [status, response] of Object.entries(op.responses)) {
        if (status === 'default' || !response.content) continue;
        out.push(`Response ${status}:`, '', bodyExample(response.content), '');
      }
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

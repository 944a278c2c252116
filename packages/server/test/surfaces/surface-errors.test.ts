// The server's door to @service/surfaces turns a refused payload into its own 400.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BadRequestError } from '../../src/http/errors.js';
import { normalizeHookCall, SurfaceBadRequestError } from '../../src/runtime/surfaces.js';

test('a payload the adapters refuse is a BadRequestError naming the field', () => {
  assert.throws(
    () => normalizeHookCall('claude-code', { hook_event_name: 'PreToolUse', tool_input: {} }, { headers: {}, route: 'evaluate' }),
    (err: unknown) => err instanceof BadRequestError && err instanceof SurfaceBadRequestError && err.status === 400 && err.field === 'tool_name' && /tool_name/.test(err.message),
  );
});

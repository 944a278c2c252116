// The server's door to @service/surfaces turns a refused payload into an invalid-input domain
// error, which the HTTP layer answers as a 400 naming the field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidError } from '../../src/errors.js';
import { asAppError } from '../../src/http/errors.js';
import { normalizeHookCall, SurfaceBadRequestError } from '../../src/runtime/surfaces.js';

test('a payload the adapters refuse is an InvalidError naming the field, answered 400', () => {
  assert.throws(
    () => normalizeHookCall('claude-code', { hook_event_name: 'PreToolUse', tool_input: {} }, { headers: {}, route: 'evaluate' }),
    (err: unknown) =>
      err instanceof InvalidError && err instanceof SurfaceBadRequestError && asAppError(err)?.status === 400 && err.field === 'tool_name' && /tool_name/.test(err.message),
  );
});

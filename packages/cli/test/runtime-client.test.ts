// How the workstation commands word a server that cannot be reached (faults only: a server that
// accepts and never answers, and a port where nothing listens).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runtimeRequest, ServerUnreachableError } from '../src/hook/runtime-client.js';

test('a server that never answers is named with the wait, not an error code', async () => {
  const server: Server = createServer(() => {}); // accepts, never answers
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await assert.rejects(runtimeRequest(url, 'GET', '/api/v1/claude-code/health', { key: 'k', timeoutMs: 200 }), (err: unknown) => {
      assert.ok(err instanceof ServerUnreachableError);
      assert.equal(err.message, `no answer from ${url} within 200 ms`);
      return true;
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a port where nothing listens is named with the connection error', async () => {
  await assert.rejects(runtimeRequest('http://127.0.0.1:1', 'GET', '/x', { key: 'k', timeoutMs: 5000 }), /could not reach http:\/\/127\.0\.0\.1:1 \(ECONNREFUSED\)/);
});

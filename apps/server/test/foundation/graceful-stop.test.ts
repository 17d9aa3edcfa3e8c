import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { spawnStore } from '../security/process.ts';
import { TestClient } from '../helpers/client.ts';

/**
 * Issue 40: SIGTERM under a kept-alive connection. A request in flight when the signal comes is answered 200; the
 * request that follows it on the same connection gets Fastify's closing 503, with Retry-After (so that the client or
 * the load balancer tries it on another process); the process exits 0 within SHUTDOWN_GRACE_MS.
 */
it('answers the request in flight, then 503 with Retry-After on the same connection, and exits 0', { timeout: 120_000 }, async () => {
  const store = await spawnStore({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'graceful-')), SHUTDOWN_GRACE_MS: '10000' });
  const c = new TestClient(store.baseUrl);
  await c.get('/api/v1/site');
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const socket = net.connect(store.port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let received = '';
  socket.on('data', (d) => (received += d));
  const body = JSON.stringify({ zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' });
  // The first request's headers and half of its body: it is in flight when SIGTERM comes.
  socket.write(
    `POST /api/v1/add-filter-for-new-user HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Cookie: ${cookie}\r\nX-CSRF-Token: ${c.cookies.get('csrf')}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
  );
  await new Promise((r) => setTimeout(r, 300));
  const sentAt = Date.now();
  store.proc.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  // The rest of its body, and a second request behind it on the same connection.
  socket.write(body.slice(10) + `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  const exit = await store.exited;
  await new Promise((r) => setTimeout(r, 100));
  socket.destroy();
  const responses = received.split(/(?=HTTP\/1\.1 \d{3})/);
  expect(responses[0]).toMatch(/^HTTP\/1\.1 200/);
  expect(responses[1]).toMatch(/^HTTP\/1\.1 503/);
  expect(responses[1]).toMatch(/\r\nretry-after: 1\r\n/i);
  expect(exit.code).toBe(0);
  expect(Date.now() - sentAt).toBeLessThan(10_000);
});

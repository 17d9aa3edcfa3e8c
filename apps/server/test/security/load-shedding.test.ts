import net from 'node:net';
import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';

/** Under a burst past MAX_IN_FLIGHT the store sheds load with 503 and retry-after, and keeps answering. */
describeEachDb(
  'reliability: load shedding',
  (ctx) => {
    it('answers part of a burst with 503 and retry-after, the rest correctly, and /healthz afterwards', async () => {
      const ts = ctx();
      const quote = { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' };
      const clients = Array.from({ length: 40 }, () => ts.client());
      for (const c of clients) await c.get('/api/v1/site'); // each gets its CSRF cookie first, one at a time
      const started = Date.now();
      // Sign-ins hash with argon2id off the main thread: truly in flight together.
      const burst = await Promise.all(
        clients.map((c, i) =>
          i % 3 === 0
            ? c.post('/api/auth/sign-in', { email: `nobody${i}@example.com`, password: 'wrong-password' })
            : i % 3 === 1
              ? c.post('/api/v1/add-filter-for-new-user', quote)
              : c.get('/api/v1/get-states'),
        ),
      );
      expect(Date.now() - started).toBeLessThan(20_000);
      const shed = burst.filter((r) => r.status === 503);
      const served = burst.filter((r) => r.status === 200 || r.status === 422);
      expect(shed.length).toBeGreaterThan(0);
      expect(served.length).toBeGreaterThan(0);
      expect(shed.length + served.length).toBe(burst.length);
      for (const r of shed) {
        expect(r.headers.get('retry-after')).toBe('1');
        expect(r.body).toEqual({ status: 'error', message: 'The store is busy. Please try again in a moment.' });
      }
      for (const r of served.filter((x) => x.body?.data?.temp_enrollment_id))
        expect(r.body.data.temp_enrollment_id).toMatch(/^[0-9a-f-]{36}$/);
      // The counter went back down: the store answers again.
      for (let i = 0; i < 5; i++) expect((await ts.client().get('/healthz')).status).toBe(200);
    });

    it('counts requests whose client went away as finished (the store does not end up answering only 503)', async () => {
      const ts = ctx();
      const c = ts.client();
      await c.get('/api/v1/site');
      const port = Number(new URL(ts.baseUrl).port);
      for (let i = 0; i < 8; i++) {
        const s = net.connect(port, '127.0.0.1');
        await new Promise((r) => s.on('connect', r));
        const body = JSON.stringify({ email: `gone${i}@example.com`, password: 'not-the-password' });
        const token = c.cookies.get('csrf');
        s.write(
          `POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nCookie: csrf=${token}\r\nx-csrf-token: ${token}\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        );
        await new Promise((r) => setTimeout(r, 5));
        s.destroy();
      }
      await new Promise((r) => setTimeout(r, 1500));
      for (let i = 0; i < 3; i++) expect((await ts.client().get('/api/v1/get-states')).status).toBe(200);
    });
  },
  { MAX_IN_FLIGHT: 2 },
);

import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from '../../src/lib/lazy-logger.ts';
import { REDACT_PATHS } from '../../src/lib/redact.ts';

/**
 * Each request's logger (lib/lazy-logger.ts) becomes pino's child only when it writes: the lines it writes are the
 * child's (request id bound, secrets redacted), and a request that logs nothing makes no child.
 */
function parentLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    { write: (l: string) => void lines.push(JSON.parse(l)) },
  );
  let children = 0;
  // Counts the children made of this logger itself (pino's children inherit the property: they call on as before).
  const child = logger.child;
  logger.child = function (this: typeof logger, ...args: Parameters<typeof child>) {
    if (this === logger) children++;
    return child.apply(this, args);
  } as typeof logger.child;
  return { logger, lines, children: () => children };
}

describe('security: the lazy request logger', () => {
  it('writes what the child logger writes, with the request id and redaction', () => {
    const p = parentLogger('info');
    const log = lazyChildLoggerFactory(p.logger, { reqId: 'req-7' }, {});
    expect(p.children()).toBe(0);
    log.info({ body: { ssn: '219099999', plan: 101 } }, 'saved');
    log.debug('not at this level');
    log.error({ user: { password: 'Sup3r-Secret' } }, 'failed');
    expect(p.children()).toBe(1);
    expect(p.lines).toHaveLength(2);
    expect(p.lines[0]).toMatchObject({ level: 30, reqId: 'req-7', msg: 'saved', body: { ssn: '[redacted]', plan: 101 } });
    expect(p.lines[1]).toMatchObject({ level: 50, reqId: 'req-7', msg: 'failed', user: { password: '[redacted]' } });
    expect(JSON.stringify(p.lines)).not.toMatch(/219099999|Sup3r-Secret/);
    const nested = log.child({ step: 'payment' });
    nested.warn('careful');
    expect(p.lines[2]).toMatchObject({ level: 40, reqId: 'req-7', step: 'payment', msg: 'careful' });
  });

  it('makes no child logger for a request that logs nothing at an enabled level', () => {
    const p = parentLogger('error');
    const log = lazyChildLoggerFactory(p.logger, { reqId: 'req-8' }, {});
    log.info('incoming request');
    log.warn('slow');
    expect(p.children()).toBe(0);
    expect(p.lines).toHaveLength(0);
    expect(log.level).toBe('error');
    log.fatal('down');
    expect(p.children()).toBe(1);
    expect(p.lines[0]).toMatchObject({ level: 60, reqId: 'req-8', msg: 'down' });
  });
});

import net from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The bucket of a client address, the one every per-address limit counts by (decision 2330): an IPv4 address itself,
 * an IPv6 address its /64 network (one subscriber's usual allocation: counting single IPv6 addresses would give
 * anyone countless buckets).
 */
export function addressKey(ip: string): string {
  if (!ip.includes(':')) return ip; // IPv4, the usual case: no need for the IPv6 pattern
  if (!net.isIPv6(ip) || ip.includes('.')) return ip.replace(/^::ffff:/i, '');
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The request's client address bucket (addressKey of request.ip, which TRUST_PROXY decides). */
export const clientAddress = (request: Pick<FastifyRequest, 'ip'>): string => addressKey(request.ip);

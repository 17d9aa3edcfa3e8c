import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Where a carrier's SFTP host may be (issue 34): not in loopback, private or link-local ranges unless
 * CARRIER_SFTP_ALLOW_PRIVATE says so, whether given as an address or as a name resolving to one when the store
 * connects. A stolen operator session could otherwise send the stored secret and the SSNs to an inside service, or
 * probe inside ports.
 */
const PRIVATE = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(prefix, bits, 'ipv6');

/** Whether an IP address (v4, v6, or v4 mapped into v6) is loopback, private, link-local or unspecified. */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  const family = net.isIP(ip);
  if (family === 4) return PRIVATE.check(ip, 'ipv4');
  if (family === 6) return PRIVATE.check(ip, 'ipv6');
  return false;
}

/** What the settings can tell without resolving: an address in those ranges, or a name of this machine. */
export const isPrivateHostLiteral = (host: string) => {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || isPrivateAddress(h);
};

export class SftpHostRefused extends Error {
  constructor(host: string, address: string) {
    super(
      `The SFTP host ${host} is a private, loopback or link-local address (${address}); set CARRIER_SFTP_ALLOW_PRIVATE=true to allow it`,
    );
    this.name = 'SftpHostRefused';
  }
}

/**
 * The address to connect to: the host resolved now, every address it resolves to checked, the first one used (the
 * connection goes to the address checked, not to a second look-up that could answer otherwise).
 */
export async function resolveSftpHost(host: string, allowPrivate: boolean): Promise<string> {
  const addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  if (!addresses.length) throw new Error(`The SFTP host ${host} does not resolve`);
  if (!allowPrivate) {
    const bad = addresses.find(isPrivateAddress);
    if (bad !== undefined) throw new SftpHostRefused(host, bad);
  }
  return addresses[0];
}

/**
 * Which addresses a URL fetched for the user (an OpenRPC document) may reach. A document URL can
 * come from anywhere (pasted from a README, a redirect chosen by a remote server), and the fetch
 * runs on the user's machine, inside their network: so private ranges and loopback are reached
 * only when the user opts in, and link-local (cloud metadata at 169.254.169.254), unspecified and
 * multicast addresses never. The ranges live in `net.BlockList`s, which also match the
 * `::ffff:a.b.c.d` forms of IPv4 addresses.
 */
import { BlockList, isIP } from 'node:net';

export type AddressClass = 'public' | 'private' | 'never';

/** Loopback and private ranges: this machine and the local network. Reachable with the opt-in. */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4'); // carrier-grade NAT: someone's private network too
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

/** Never a document server: link-local, "this network" / unspecified, multicast and broadcast. */
const NEVER = new BlockList();
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addSubnet('169.254.0.0', 16, 'ipv4');
NEVER.addSubnet('224.0.0.0', 4, 'ipv4');
NEVER.addSubnet('240.0.0.0', 4, 'ipv4');
NEVER.addAddress('::', 'ipv6');
NEVER.addSubnet('fe80::', 10, 'ipv6');
NEVER.addSubnet('ff00::', 8, 'ipv6');

export function classifyAddress(address: string): AddressClass {
  const family = isIP(address);
  if (family === 0) return 'never';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (NEVER.check(address, type)) return 'never';
  if (PRIVATE.check(address, type)) return 'private';
  return 'public';
}

/** Why `address` may not be reached, or null when it may. */
export function refusalFor(host: string, address: string, allowPrivate: boolean): string | null {
  const kind = classifyAddress(address);
  const shown = host === address ? address : `${host} (${address})`;
  if (kind === 'never') return `refusing to fetch from ${shown}: a link-local, unspecified or multicast address serves no documents`;
  if (kind === 'private' && !allowPrivate) {
    return `refusing to fetch from ${shown}: a loopback or private-network address. Tick "Allow local and private addresses" (allowPrivate: true) if you mean it`;
  }
  return null;
}

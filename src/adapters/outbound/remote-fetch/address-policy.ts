import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Where public IPv6 lives (RFC 4291 §2.4); the rest of the space is unassigned, deprecated or special. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True only for ordinary public unicast addresses. Everything ipaddr.js names
 * a special range is refused: private, loopback, link-local (169.254.169.254,
 * the cloud metadata address, included), unique-local (fd00:ec2::254 too),
 * carrier-grade NAT, unspecified, broadcast, multicast, reserved, and IPv6
 * forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo). IPv6 must
 * also lie in 2000::/3: ipaddr.js calls `::2`, the deprecated IPv4-compatible
 * `::7f00:1` or `4000::1` plain `unicast` for want of a name.
 */
export const isPublicAddress = (address: string): boolean => {
  if (!isIP(address)) return false;
  try {
    const parsed = ipaddr.parse(address);
    if (parsed.range() !== 'unicast') return false;
    return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
  } catch {
    return false;
  }
};

/** The IP address a URL host names literally (`[::1]` → `::1`), or undefined for a DNS name. */
export const literalAddress = (hostname: string): string | undefined => {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
};

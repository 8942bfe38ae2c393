import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * True only for ordinary public unicast addresses. Everything ipaddr.js names
 * a special range is refused: private, loopback, link-local (169.254.169.254,
 * the cloud metadata address, included), unique-local (fd00:ec2::254 too),
 * carrier-grade NAT, unspecified, broadcast, multicast, reserved, and IPv6
 * forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo).
 */
export const isPublicAddress = (address: string): boolean => {
  if (!isIP(address)) return false;
  try {
    return ipaddr.parse(address).range() === 'unicast';
  } catch {
    return false;
  }
};

/** The IP address a URL host names literally (`[::1]` → `::1`), or undefined for a DNS name. */
export const literalAddress = (hostname: string): string | undefined => {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
};

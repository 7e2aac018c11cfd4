import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** The 16 bytes of an IPv6 address, or null when it is not one. */
function ipv6Bytes(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address.replace(/%.*$/, '');
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const groups = tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.flatMap((g) => [g >> 8, g & 255]);
}

/**
 * The client as a counter sees it: the address as routed (request.ip, which believes X-Forwarded-For
 * only from a TRUST_PROXY address), with IPv4 as itself (an IPv4-mapped IPv6 address included) and IPv6
 * as its /64 — one subscriber line gets a whole /64, so a single actor could otherwise count as 2^64.
 */
export function clientNetwork(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  if (isIPv4(ip)) return ip;
  const bytes = ipv6Bytes(ip);
  if (!bytes) return 'unknown';
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 255 && bytes[11] === 255) return bytes.slice(12).join('.');
  const groups = [];
  for (let i = 0; i < 8; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return `${groups.join(':')}::/64`;
}

/**
 * A keyed one-way name for a client network, for tables that count per client without keeping an
 * address: an HMAC under AUTH_SECRET (the same on every process) and a purpose, so the 2^32 IPv4
 * addresses cannot simply be hashed and looked up, and one table's names mean nothing in another.
 */
export function clientKey(secret: string, purpose: string, ip: string | null | undefined): string {
  return createHmac('sha256', secret).update(`${purpose}\n${clientNetwork(ip)}`).digest('base64url').slice(0, 32);
}

import { describe, expect, it } from 'vitest';
import { clientKey, clientNetwork } from './client-address.ts';

describe('the client network a counter keys on', () => {
  it('is an IPv4 address itself, also when written IPv4-mapped', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(clientNetwork('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64');
    expect(clientNetwork('2001:0db8:00aa:00bb:1111:2222:3333:4444')).toBe('2001:db8:aa:bb::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('is one "unknown" for no address or something that is not one', () => {
    expect(clientNetwork(null)).toBe('unknown');
    expect(clientNetwork('')).toBe('unknown');
    expect(clientNetwork('not-an-address')).toBe('unknown');
  });

  it('is stored as a keyed hash, different per purpose and secret', () => {
    const key = clientKey('secret-one', 'plays', '203.0.113.7');
    expect(key).toMatch(/^[\w-]{32}$/);
    expect(clientKey('secret-one', 'plays', '::ffff:203.0.113.7')).toBe(key);
    expect(clientKey('secret-one', 'sign-in', '203.0.113.7')).not.toBe(key);
    expect(clientKey('secret-two', 'plays', '203.0.113.7')).not.toBe(key);
  });
});

import { describe, expect, it } from 'vitest';
import { listenerKey, playNetworkKey, serveListenerKey, shareCredits, type PlayListener } from './item-events-service.ts';

describe("a get's credits shared over the items it gave", () => {
  it('follows each item’s own price and adds up to exactly what was charged', () => {
    expect(shareCredits(6, [2, 2, 2])).toEqual([2, 2, 2]);
    // A pack capped at 10 credits whose sounds would cost 4 + 4 + 4: remainders go to the largest fractions, then the first.
    expect(shareCredits(10, [4, 4, 4])).toEqual([4, 3, 3]);
    expect(shareCredits(5, [1, 3, 0])).toEqual([1, 4, 0]);
    for (const [charged, prices] of [[7, [3, 5, 1, 1]], [1, [2, 2, 2, 2]], [13, [5, 0, 9]]] as const) {
      expect(shareCredits(charged, prices).reduce((a, b) => a + b, 0)).toBe(charged);
    }
  });

  it('gives nothing when nothing was charged or nothing had a price', () => {
    expect(shareCredits(0, [2, 3])).toEqual([0, 0]);
    expect(shareCredits(4, [0, 0])).toEqual([0, 0]);
  });
});

describe('who is listening', () => {
  const viewer = { userId: 'u1', email: 'a@b.c', roles: [], creatorId: null, collaboratorOf: [] } as unknown as NonNullable<PlayListener['viewer']>;
  const network = playNetworkKey('a-secret-of-at-least-thirty-two-chars', '10.0.0.1');

  it('is the account when signed in, else the listener cookie, else the client network', () => {
    expect(listenerKey({ viewer, network, cookieId: 'ignored-when-signed-in' })).toBe('u:u1');
    expect(listenerKey({ viewer: null, network, cookieId: 'abc' })).toBe('c:abc');
    expect(listenerKey({ viewer: null, network, cookieId: null })).toBe(`n:${network}`);
  });

  it('knows a visitor by a keyed hash of their network, holding no address, the same for every browser there', () => {
    expect(network).toMatch(/^[\w-]{32}$/);
    expect(network).not.toContain('10.0.0.1');
    expect(playNetworkKey('a-secret-of-at-least-thirty-two-chars', '10.0.0.1')).toBe(network);
    expect(playNetworkKey('a-secret-of-at-least-thirty-two-chars', '10.0.0.2')).not.toBe(network);
    expect(playNetworkKey('another-secret-of-at-least-thirty-two', '10.0.0.1')).not.toBe(network);
    // One IPv6 /64 is one network, whatever the interface part.
    expect(playNetworkKey('s', '2001:db8:1:2::1')).toBe(playNetworkKey('s', '2001:db8:1:2:ffff:1234:5678:9abc'));
    expect(playNetworkKey('s', '2001:db8:1:2::1')).not.toBe(playNetworkKey('s', '2001:db8:1:3::1'));
  });

  it('notes a serve to the account, else to the network (a first preview comes before any listener cookie)', () => {
    expect(serveListenerKey(viewer, network)).toBe('u:u1');
    expect(serveListenerKey(null, network)).toBe(`n:${network}`);
  });
});

import { describe, expect, it } from 'vitest';
import { hashEmail, receiverAnswerProblem, retryDelayMs, toConversionsEvent, type ForwardableEvent } from './conversions-api.ts';

/** `printf '%s' 'someone@example.com' | sha256sum` */
const SOMEONE_SHA256 = '72497f475e4f76d0b28f57c73a084ece576d170874eba3ee2609d9afe4b71aab';

const event: ForwardableEvent = {
  eventId: 'purchase:3f1c2a7e-9b4d-4c6e-8a2f-1d5e7b9c0a42',
  eventType: 'Purchase',
  fbp: 'fb.1.1732233600000.1234567890',
  fbc: null,
  route: '/pricing',
  email: 'someone@example.com',
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
  customData: { value: 9.99, currency: 'USD' },
  createdAt: new Date('2026-11-28T10:00:00.900Z'),
};

describe('the Conversions API shape of an event', () => {
  it('hashes the trimmed, lower-cased e-mail with SHA-256 (hex)', () => {
    expect(hashEmail('someone@example.com')).toBe(SOMEONE_SHA256);
    expect(hashEmail('  SomeOne@Example.COM ')).toBe(SOMEONE_SHA256);
  });

  it('names the event, its time in whole seconds, its id, the website source and the page, and leaves out what is unknown', () => {
    expect(toConversionsEvent(event, 'https://crate.example')).toEqual({
      event_name: 'Purchase',
      event_time: 1_795_860_000,
      event_id: 'purchase:3f1c2a7e-9b4d-4c6e-8a2f-1d5e7b9c0a42',
      action_source: 'website',
      event_source_url: 'https://crate.example/pricing',
      user_data: { fbp: 'fb.1.1732233600000.1234567890', client_ip_address: '203.0.113.7', client_user_agent: 'Mozilla/5.0', em: [SOMEONE_SHA256] },
      custom_data: { value: 9.99, currency: 'USD' },
    });
    const bare = toConversionsEvent({ ...event, email: null, ipAddress: null, userAgent: null, customData: null, fbc: 'fb.1.1.abc' }, 'https://crate.example');
    expect(bare.user_data).toEqual({ fbc: 'fb.1.1.abc', fbp: 'fb.1.1732233600000.1234567890' });
    expect('custom_data' in bare).toBe(false);
  });
});

describe("the receiver's answer", () => {
  it('acknowledges a batch only with events_received equal to the events sent', () => {
    expect(receiverAnswerProblem('{"events_received":3,"messages":[],"fbtrace_id":"x"}', 3)).toBeNull();
    expect(receiverAnswerProblem('{"events_received":2}', 3)).toBe('the receiver took 2 of 3 events');
    expect(receiverAnswerProblem('{"ok":true}', 3)).toBe('the receiver answered JSON without events_received');
    expect(receiverAnswerProblem('null', 3)).toBe('the receiver answered JSON without events_received');
    expect(receiverAnswerProblem('<html>', 3)).toBe('the receiver answered something that is not JSON: "<html>"');
  });
});

describe('the backoff', () => {
  it('waits 30 s after the first failed send, doubling to an hour at most', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000]);
  });
});

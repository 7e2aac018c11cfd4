import { describe, expect, it } from 'vitest';
import { idempotencyKeySchema } from '@crate/contract/commerce';
import { newIdempotencyKey } from './idempotency-key.ts';

describe('newIdempotencyKey', () => {
  it('makes a different key each time that the API accepts', () => {
    const keys = Array.from({ length: 100 }, newIdempotencyKey);
    expect(new Set(keys).size).toBe(100);
    for (const key of keys) expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
  });
});

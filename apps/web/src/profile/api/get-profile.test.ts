import { describe, expect, test } from 'vitest';
import { API } from '@crate/contract/api-endpoints';
import { PROFILE_PATH } from './get-profile.ts';

describe('profile check without zod', () => {
  test('asks the contract endpoint', () => {
    expect(PROFILE_PATH).toBe(API.getProfile.path);
    expect(API.getProfile.method).toBe('GET');
  });
});

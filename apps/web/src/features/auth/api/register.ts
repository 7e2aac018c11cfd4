import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@crate/contract/api-endpoints';
import type { RegisterInput } from '@crate/contract/auth';
import type { Profile } from '@crate/contract/profile';
import { callApi } from '../../../lib/api-client.ts';
import { applySignedInProfile } from '../../../profile/api/get-profile.ts';
import { currentReferralToken } from '../../../tracking/referral-capture.ts';

/** The new account's profile, signed in; or null when the address already had an account (its owner got an e-mail). */
export type RegisterOutcome = Profile | null;

/**
 * POST /api/auth/register: creates the account (linking an invite when given, and the referral token this
 * browser keeps from an affiliate's link: decision 0059) and signs in. An
 * address that already has an account is not told apart by an error (decision 0016): the answer is
 * a neutral message and no session, and this resolves to null.
 */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterInput): Promise<RegisterOutcome> => {
      const referral = currentReferralToken();
      const result = await callApi(API.register, { body: { ...body, ...(referral ? { referral_token: referral } : {}) } });
      return 'uid' in result ? result : null;
    },
    onSuccess: (profile) => {
      if (profile) applySignedInProfile(queryClient, profile);
    },
  });
}

import { z } from 'zod';
import { REFERRAL_TOKEN_MAX } from './affiliates.ts';
import { profileSchema } from './profile.ts';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address').max(254));
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  display_name: z.string().trim().max(60, 'Display name is at most 60 characters').optional(),
  invite_token: z.string().min(1).max(200).optional(),
  /** The signed referral token kept since a click on an affiliate's link (decision 0059); a bad one is ignored, never refused. */
  referral_token: z.string().max(REFERRAL_TOKEN_MAX).optional().catch(undefined),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const requestPasswordResetSchema = z.strictObject({ email: emailSchema });
export const requestAccountRecoverySchema = z.strictObject({ email: emailSchema });

export const resetPasswordSchema = z.strictObject({
  token: z.string().min(1, 'The reset link is incomplete').max(200),
  new_password: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const updatePasswordSchema = z.strictObject({
  current_password: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
  new_password: passwordSchema,
});
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

/** The token of an e-mail verification link (/verifyemail?token=…): 43 characters of base64url as we make them. */
export const verifyEmailSchema = z.strictObject({ token: z.string().min(1, 'The link is incomplete').max(200) });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
/** A link followed: the address it confirmed. */
export const emailVerifiedSchema = z.object({ email: z.string(), email_verified: z.literal(true) });
/** A new link sent: to which address, and when (ISO 8601). */
export const verificationSentSchema = z.object({ email: z.string(), sent_at: z.string() });

export const acceptInviteSchema = z.strictObject({ token: z.string().min(1).max(200) });

export const inviteInfoSchema = z.object({
  creator_name: z.string(),
  email: z.string(),
  expires_at: z.string(),
});
export type InviteInfo = z.infer<typeof inviteInfoSchema>;

/** The answer to a reset or recovery request: identical whether or not the e-mail has an account. */
export const emailSentSchema = z.object({ message: z.string() });
export const okSchema = z.object({ ok: z.literal(true) });

/**
 * Registering answers the new account's profile (signed in), or, when the address already has an
 * account, only a neutral message: no session and no "in use" error (docs/decisions/0016).
 */
export const registerResultSchema = z.union([profileSchema, emailSentSchema]);

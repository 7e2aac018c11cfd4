import { z } from 'zod';
import { ROLES } from './roles.ts';

/** claims_updated_at as the docs/product-overview.md §3 timestamp: seconds and nanoseconds. */
export const timestampSchema = z.object({ seconds: z.number().int(), nanoseconds: z.number().int() });
export type Timestamp = z.infer<typeof timestampSchema>;

export function toTimestamp(date: Date): Timestamp {
  const ms = date.getTime();
  return { seconds: Math.floor(ms / 1000), nanoseconds: (ms % 1000) * 1_000_000 };
}

/** The user profile of docs/product-overview.md §3, as GET /api/profile returns it and the web client keeps it. */
export const profileSchema = z.object({
  uid: z.string(),
  email: z.string(),
  /** Whether the e-mail is confirmed (the link of the verification e-mail was followed); see docs/decisions/0069. */
  email_verified: z.boolean(),
  /** When the newest verification link still open was sent (ISO 8601), null when none is open. */
  email_verification_sent_at: z.string().nullable(),
  display_name: z.string(),
  zip_code: z.string(),
  claims_updated_at: timestampSchema.nullable(),
  credits_expire_at: z.string().nullable(),
  credits: z.number().int(),
  accepted_content_agreement: z.boolean(),
  email_preferences: z.lazy(() => emailPreferencesSchema),
  roles: z.array(z.enum(ROLES)),
  is_admin: z.boolean(),
  is_sub: z.boolean(),
  is_collaborator: z.boolean(),
  is_creator: z.boolean(),
  is_affiliate: z.boolean(),
  can_search: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const emailPreferencesSchema = z.strictObject({
  product_updates: z.boolean(),
  new_releases: z.boolean(),
  creator_news: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const ZIP_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

/** PATCH /api/profile. accepted_content_agreement can only be set to true (docs/product-overview.md §4: nothing reverses it). */
export const updateProfileSchema = z.strictObject({
  display_name: z.string().trim().max(60, 'Display name is at most 60 characters').optional(),
  zip_code: z
    .string()
    .trim()
    .refine((v) => v === '' || ZIP_CODE_PATTERN.test(v), 'Enter a valid zip or postal code')
    .optional(),
  email_preferences: emailPreferencesSchema.partial().strict().optional(),
  accepted_content_agreement: z.literal(true, 'The content agreement can only be accepted').optional(),
});
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

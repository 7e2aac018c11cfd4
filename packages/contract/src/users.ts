import { z } from 'zod';
import { ROLES } from './roles.ts';
import { emailSchema } from './auth.ts';

export const createInviteSchema = z.strictObject({ email: emailSchema });
export const inviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  expires_at: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** A creator's team as the creator manages it on /creator: who collaborates, and the invites still open. */
export const collaboratorsSchema = z.object({
  collaborators: z.array(z.object({ user_id: z.string(), name: z.string(), email: z.string(), added_at: z.string() })),
  invites: inviteSchema.array(),
});
export type Collaborators = z.infer<typeof collaboratorsSchema>;

export const setRolesSchema = z.strictObject({
  roles: z.array(z.enum(ROLES)).max(ROLES.length).refine((r) => new Set(r).size === r.length, 'Roles must not repeat'),
});

/** How an admin sees an account: usable, locked by failed sign-ins, closed by its owner, or disabled by an admin. */
export const ACCOUNT_STATUSES = ['active', 'locked', 'deactivated', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  roles: z.array(z.enum(ROLES)),
  claims_updated_at: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

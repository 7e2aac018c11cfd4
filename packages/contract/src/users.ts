import { z } from 'zod';
import { ROLES } from './roles.ts';
import { emailSchema } from './auth.ts';
import { billingSchema } from './checkout.ts';
import { creditBalanceSchema } from './commerce.ts';
import { pageQuerySchema } from './pagination.ts';

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

/** The admins' list of accounts: newest first, narrowed by role, status and a search (an e-mail or name prefix, or an exact id). */
export const userListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200, 'Search text is at most 200 characters').optional(),
  role: z.enum(ROLES, `role must be one of ${ROLES.join(', ')}`).optional(),
  status: z.enum(ACCOUNT_STATUSES, `status must be one of ${ACCOUNT_STATUSES.join(', ')}`).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** Why an admin disables or enables an account: kept in the audit trail (and, for a disable, on the account). */
export const accountStatusChangeSchema = z.strictObject({
  reason: z.string('Say why, in a few words').trim().min(3, 'Say why, in a few words').max(500, 'reason is at most 500 characters'),
});
export type AccountStatusChange = z.infer<typeof accountStatusChangeSchema>;

/** One account as its admin page shows it: standing, credits, plan, and what ties it to creators. */
export const adminUserDetailSchema = adminUserSchema.extend({
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
  deactivated_at: z.string().nullable(),
  /** Until when password sign-in is paused somewhere after failed attempts. */
  locked_until: z.string().nullable(),
  credits: creditBalanceSchema,
  billing: billingSchema,
  /** The creator this account sells as, and the creators it collaborates with. */
  creator: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
  collaborator_of: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string() })),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** One row of an account's audit trail: something done to it (`to`) or by it (`by`). */
export const accountAuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  direction: z.enum(['to', 'by']),
  actor: z.object({ id: z.string(), display_name: z.string() }).nullable(),
  target_type: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AccountAuditEntry = z.infer<typeof accountAuditEntrySchema>;

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

export const setRolesSchema = z.strictObject({
  roles: z.array(z.enum(ROLES)).max(ROLES.length).refine((r) => new Set(r).size === r.length, 'Roles must not repeat'),
});

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  roles: z.array(z.enum(ROLES)),
  claims_updated_at: z.string().nullable(),
  status: z.enum(['active', 'locked', 'deactivated', 'disabled']),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

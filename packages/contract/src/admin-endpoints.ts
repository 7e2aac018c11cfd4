import { z } from 'zod';
import { claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import { adminDashboardSchema } from './admin-dashboard.ts';
import { receiptSchema } from './checkout.ts';
import { creditEntrySchema, downloadSchema, ownedItemSchema, ownedItemsQuerySchema } from './commerce.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { accountAuditEntrySchema, accountStatusChangeSchema, adminUserDetailSchema, adminUserSchema, userListQuerySchema } from './users.ts';

const ADMIN = claims('admin');
/** An account id: the auth library's text id (a uuid for accounts it makes; other ids are kept as they came). */
const userParams = z.strictObject({ id: z.string().min(1).max(64) });

/** The admin's home and user management (issue 27): reads of any account, and disabling or enabling one (audited). */
export const ADMIN_API = {
  adminDashboard: { method: 'GET', path: '/api/admin/dashboard', access: ADMIN, summary: 'What needs attention now, and the key numbers of the last 30 days', tags: ['admin'], response: adminDashboardSchema },
  listUsers: { method: 'GET', path: '/api/admin/users', access: ADMIN, summary: 'Accounts, newest first: by role, status, and e-mail or name prefix or id', tags: ['admin'], query: userListQuerySchema, response: pageSchema(adminUserSchema) },
  getAdminUser: { method: 'GET', path: '/api/admin/users/:id', access: ADMIN, summary: 'One account: standing, credits, plan and creator links', tags: ['admin'], params: userParams, response: adminUserDetailSchema },
  disableUser: { method: 'POST', path: '/api/admin/users/:id/disable', access: ADMIN, summary: 'Disable an account with a reason: every session of it ends at once (audited)', tags: ['admin'], params: userParams, body: accountStatusChangeSchema, response: adminUserDetailSchema },
  enableUser: { method: 'POST', path: '/api/admin/users/:id/enable', access: ADMIN, summary: 'Enable a disabled account again, with a reason (audited)', tags: ['admin'], params: userParams, body: accountStatusChangeSchema, response: adminUserDetailSchema },
  listUserCreditHistory: { method: 'GET', path: '/api/admin/users/:id/credits/history', access: ADMIN, summary: "An account's credit ledger, newest first", tags: ['admin'], params: userParams, query: pageQuerySchema, response: pageSchema(creditEntrySchema) },
  listUserOwnedItems: { method: 'GET', path: '/api/admin/users/:id/owned', access: ADMIN, summary: 'Items an account owns with their licences, newest first', tags: ['admin'], params: userParams, query: ownedItemsQuerySchema, response: pageSchema(ownedItemSchema) },
  listUserDownloads: { method: 'GET', path: '/api/admin/users/:id/downloads', access: ADMIN, summary: 'What an account downloaded, newest first', tags: ['admin'], params: userParams, query: pageQuerySchema, response: pageSchema(downloadSchema) },
  listUserReceipts: { method: 'GET', path: '/api/admin/users/:id/receipts', access: ADMIN, summary: "An account's payments, newest first", tags: ['admin'], params: userParams, query: pageQuerySchema, response: pageSchema(receiptSchema) },
  listUserAudit: { method: 'GET', path: '/api/admin/users/:id/audit', access: ADMIN, summary: 'Everything done to and by an account, newest first', tags: ['admin'], params: userParams, query: pageQuerySchema, response: pageSchema(accountAuditEntrySchema) },
} as const satisfies Record<string, Endpoint>;

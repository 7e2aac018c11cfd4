import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import { listCreditHistory } from '../credits/credit-ledger-service.ts';
import { presentCreditEntry } from '../credits/credit-presenters.ts';
import { listDownloads } from '../downloads/download-service.ts';
import { presentDownload } from '../downloads/download-presenters.ts';
import { listOwnedItems } from '../ownership/acquisition-service.ts';
import { presentOwnedItem } from '../ownership/ownership-presenters.ts';
import { listReceipts } from '../payments/billing-service.ts';
import { presentReceipt } from '../payments/payment-presenters.ts';
import { setRoles } from '../roles/role-service.ts';
import { presentAccountAuditEntry, presentAdminUser, presentAdminUserDetail } from './admin-user-presenter.ts';
import { accountFor, disableUser, enableUser, findAdminUserRow, getUserDetail, listUserAudit, listUsers } from './admin-user-service.ts';

/**
 * User management (issue 27): the list, one account's page, roles, disable and enable. What the account owns,
 * downloaded, paid and spent is read through the same services that answer the user on their own pages.
 */
export function registerAdminUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  registerEndpoint(app, API.listUsers, async ({ query }) => {
    const rows = await listUsers(db, query);
    return toPage(rows, query.limit, presentAdminUser, (r) => encodeCursor(r.cursorAt, r.id));
  });

  registerEndpoint(app, API.getAdminUser, async ({ viewer, params }) => presentAdminUserDetail(await getUserDetail(ctx, viewer, params.id)));

  registerEndpoint(app, API.setUserRoles, async ({ viewer, params, body, request }) => {
    await accountFor(db, viewer, 'manage', params.id);
    await setRoles(db, { userId: params.id, actorUserId: viewer.userId, ipAddress: request.ip, reason: 'admin' }, body.roles);
    const row = await findAdminUserRow(db, params.id);
    if (!row) throw notFound('The user');
    return presentAdminUser(row);
  });

  registerEndpoint(app, API.disableUser, async ({ viewer, params, body, request }) => {
    await disableUser(db, viewer, { userId: params.id, reason: body.reason, ipAddress: request.ip });
    return presentAdminUserDetail(await getUserDetail(ctx, viewer, params.id));
  });

  registerEndpoint(app, API.enableUser, async ({ viewer, params, body, request }) => {
    await enableUser(db, viewer, { userId: params.id, reason: body.reason, ipAddress: request.ip });
    return presentAdminUserDetail(await getUserDetail(ctx, viewer, params.id));
  });

  registerEndpoint(app, API.listUserCreditHistory, async ({ viewer, params, query }) => {
    await accountFor(db, viewer, 'read', params.id);
    const rows = await listCreditHistory(db, params.id, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.time) });
    return toPage(rows, query.limit, presentCreditEntry, (r) => encodeCursor(r.createdAt.toISOString(), r.id));
  });

  registerEndpoint(app, API.listUserOwnedItems, async ({ viewer, params, query }) => {
    await accountFor(db, viewer, 'read', params.id);
    const rows = await listOwnedItems(db, params.id, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.time), q: query.q, type: query.type });
    return toPage(rows, query.limit, presentOwnedItem, (r) => encodeCursor(r.acquiredAt.toISOString(), r.ownedId));
  });

  registerEndpoint(app, API.listUserDownloads, async ({ viewer, params, query }) => {
    await accountFor(db, viewer, 'read', params.id);
    const rows = await listDownloads(db, params.id, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.time) });
    return toPage(rows, query.limit, presentDownload, (r) => encodeCursor(r.downloadedAt.toISOString(), r.id));
  });

  registerEndpoint(app, API.listUserReceipts, async ({ viewer, params, query }) => {
    await accountFor(db, viewer, 'read', params.id);
    const rows = await listReceipts(db, params.id, { limit: query.limit, after: decodeCursor(query.cursor, CURSOR_VALUES.time) });
    return toPage(rows, query.limit, presentReceipt, (r) => encodeCursor(r.createdAt.toISOString(), r.id));
  });

  registerEndpoint(app, API.listUserAudit, async ({ viewer, params, query }) => {
    const rows = await listUserAudit(db, viewer, params.id, { limit: query.limit, cursor: query.cursor });
    return toPage(rows, query.limit, presentAccountAuditEntry(params.id), (r) => encodeCursor(r.cursorAt, String(r.id)));
  });
}

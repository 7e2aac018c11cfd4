import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import { accountFor } from '../admin-users/admin-user-service.ts';
import { adjustCredits } from './credit-adjustment-service.ts';
import { creditBalance, listCreditHistory } from './credit-ledger-service.ts';
import { presentCreditBalance, presentCreditEntry } from './credit-presenters.ts';

export function registerCreditRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerEndpoint(app, API.getCredits, async ({ viewer }) => presentCreditBalance(await creditBalance(db, viewer!.userId)));

  registerEndpoint(app, API.listCreditHistory, async ({ viewer, query }) => {
    const cursor = decodeCursor(query.cursor, CURSOR_VALUES.time);
    const rows = await listCreditHistory(db, viewer!.userId, { limit: query.limit, after: cursor });
    return toPage(rows, query.limit, presentCreditEntry, (r) => encodeCursor(r.createdAt.toISOString(), r.id));
  });

  registerEndpoint(app, API.adjustCredits, async ({ viewer, params, body, request }) => {
    await accountFor(db, viewer, 'manage', params.id);
    return presentCreditBalance(await adjustCredits(db, { ...body, userId: params.id, actorUserId: viewer.userId, ipAddress: request.ip }));
  });
}

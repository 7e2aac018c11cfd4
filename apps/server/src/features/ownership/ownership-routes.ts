import type { FastifyInstance } from 'fastify';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor, toPage } from '../../http/page-cursor.ts';
import { presentOwnedItem } from './ownership-presenters.ts';
import { acquire, listOwnedItemIds, listOwnedItems, quoteAcquisition } from './acquisition-service.ts';

export function registerOwnershipRoutes(app: FastifyInstance, { db }: AppContext): void {
  registerEndpoint(app, API.quoteAcquisition, async ({ viewer, query }) => quoteAcquisition(db, viewer!, query.target, query.id));

  registerEndpoint(app, API.acquire, async ({ viewer, body }) => {
    const outcome = await acquire(db, viewer!, body);
    return {
      charged: outcome.charged,
      owned_item_ids: outcome.ownedItemIds,
      credits: outcome.balance.credits,
      credits_expire_at: outcome.balance.creditsExpireAt?.toISOString() ?? null,
    };
  });

  registerEndpoint(app, API.listOwnedItemIds, async ({ viewer }) => ({ item_ids: await listOwnedItemIds(db, viewer!.userId) }));

  registerEndpoint(app, API.listOwnedItems, async ({ viewer, query }) => {
    const cursor = decodeCursor(query.cursor, CURSOR_VALUES.time);
    const rows = await listOwnedItems(db, viewer!.userId, {
      limit: query.limit,
      after: cursor,
      q: query.q,
      type: query.type,
    });
    return toPage(
      rows,
      query.limit,
      presentOwnedItem,
      (row) => encodeCursor(row.acquiredAt.toISOString(), row.ownedId),
    );
  });
}

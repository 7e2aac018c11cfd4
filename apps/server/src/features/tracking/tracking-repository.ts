import type { DbOrTx } from '../../db/client.ts';
import { trackingEvents } from '../../db/schema/index.ts';

export type NewTrackingEvent = typeof trackingEvents.$inferInsert;

export async function insertTrackingEvent(db: DbOrTx, event: NewTrackingEvent): Promise<void> {
  await db.insert(trackingEvents).values(event);
}

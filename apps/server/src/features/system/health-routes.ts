import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { API } from '@crate/contract/api-endpoints';
import type { AppContext } from '../../app-context.ts';
import { registerEndpoint } from '../../http/endpoint.ts';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, API.health, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: ctx.database.kind, storage: ctx.storage.kind, mail: ctx.mailer.kind };
  });
}

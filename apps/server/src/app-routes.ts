import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { registerAdminJobRoutes } from './features/admin-jobs/admin-job-routes.ts';
import { registerAdminUserRoutes } from './features/admin-users/admin-user-routes.ts';
import { registerAnalyticsRoutes } from './features/analytics/analytics-routes.ts';
import { registerAuthRoutes } from './features/auth/auth-routes.ts';
import { registerCreatorApplicationRoutes } from './features/creator-applications/creator-application-routes.ts';
import { registerCurationRoutes } from './features/curation/curation-routes.ts';
import { registerPackReviewRoutes } from './features/pack-review/pack-review-routes.ts';
import { registerItemEditingRoutes } from './features/item-editing/item-editing-routes.ts';
import { registerInviteRoutes } from './features/invites/invite-routes.ts';
import { registerProfileRoutes } from './features/profile/profile-routes.ts';
import { CALLABLE_FUNCTIONS } from './features/callable/callable-functions.ts';
import { registerCallableRoutes } from './features/callable/callable-routes.ts';
import { registerCatalogueRoutes } from './features/catalogue/catalogue-routes.ts';
import { registerCreditRoutes } from './features/credits/credit-routes.ts';
import { registerDownloadRoutes } from './features/downloads/download-routes.ts';
import { registerLicenceRoutes } from './features/licences/licence-routes.ts';
import { registerOwnershipRoutes } from './features/ownership/ownership-routes.ts';
import { registerPaymentRoutes } from './features/payments/payment-routes.ts';
import { loadSandboxPlugin } from './features/payments/create-payment-provider.ts';
import { registerLibraryRoutes } from './features/library/library-routes.ts';
import { registerMediaRoutes } from './features/media/media-routes.ts';
import { registerSearchRoutes } from './features/search/search-routes.ts';
import { registerTakedownRoutes } from './features/takedowns/takedown-routes.ts';
import { registerStudioPackRoutes } from './features/studio-packs/studio-pack-routes.ts';
import { registerUploadRoutes } from './features/studio-packs/upload-routes.ts';
import { registerHealthRoutes } from './features/system/health-routes.ts';

/** Every feature's routes, registered in one place. */
export async function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerInviteRoutes(app, ctx);
  registerCreatorApplicationRoutes(app, ctx);
  registerAdminUserRoutes(app, ctx);
  registerAdminJobRoutes(app, ctx);
  await registerCallableRoutes(app, ctx, CALLABLE_FUNCTIONS);
  registerCatalogueRoutes(app, ctx);
  registerLibraryRoutes(app, ctx);
  registerCreditRoutes(app, ctx);
  registerOwnershipRoutes(app, ctx);
  registerDownloadRoutes(app, ctx);
  registerLicenceRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  // The sandbox's hosted card page exists only when the sandbox takes payments (its plugin is loaded then).
  (await loadSandboxPlugin(ctx.config))?.registerSandboxRoutes(app, ctx);
  registerMediaRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerTakedownRoutes(app, ctx);
  registerItemEditingRoutes(app, ctx);
  registerAnalyticsRoutes(app, ctx);
  registerStudioPackRoutes(app, ctx);
  registerUploadRoutes(app, ctx);
  registerPackReviewRoutes(app, ctx);
  registerCurationRoutes(app, ctx);
}

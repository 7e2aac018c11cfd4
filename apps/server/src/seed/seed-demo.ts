import type { AppContext } from '../app-context.ts';

/** Seeds demo accounts (one of each kind) the first time the product starts on an empty database. */
export async function seedDemoOnFirstStart(ctx: AppContext): Promise<void> {
  if (!ctx.config.seedDemo) return;
}

import type { AppContext } from '../../../app-context.ts';
import { presentOnboardingPage } from './sandbox-onboarding-presenter.ts';
import { SandboxPayoutProvider, type SandboxOnboardingForm } from './sandbox-payout-provider.ts';

/** What the hosted onboarding page does (decision 0053): show a link's form, and take what the payee submits. */
interface SandboxOnboarding {
  /** The page to show, a redirect for a link spent or expired (its refresh URL, as Stripe's), or null for no such link. */
  open(linkId: string): Promise<{ page: string } | { redirect: string } | null>;
  /** Where to go next, or the page again with what to correct; null for no such link. */
  submit(linkId: string, form: SandboxOnboardingForm): Promise<{ redirect: string } | { page: string } | null>;
}

/** The sandbox's onboarding, or null when the sandbox does not make this server's payouts. */
export function sandboxOnboarding(ctx: AppContext): SandboxOnboarding | null {
  const sandbox = ctx.payouts;
  if (!(sandbox instanceof SandboxPayoutProvider)) return null;
  return {
    async open(linkId) {
      const found = await sandbox.onboarding(linkId);
      if (!found) return null;
      if (!sandbox.usable(found.link)) return { redirect: found.link.refreshUrl };
      return { page: presentOnboardingPage({ ...found, error: null, values: null }) };
    },
    async submit(linkId, form) {
      const found = await sandbox.onboarding(linkId);
      if (!found) return null;
      const outcome = await sandbox.submitOnboarding(linkId, form);
      if ('redirect' in outcome) return outcome;
      return { page: presentOnboardingPage({ ...found, error: { message: outcome.error, field: outcome.field }, values: form }) };
    },
  };
}

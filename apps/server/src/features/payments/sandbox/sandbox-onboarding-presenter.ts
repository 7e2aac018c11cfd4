import type { SandboxAccountLink, SandboxPayoutAccount } from './sandbox-payout-provider.ts';

/**
 * The sandbox's hosted onboarding page (decision 0053): what Stripe's Connect onboarding is in Stripe mode. Plain
 * HTML and a form — no script — so it works under the strict CSP, styled as Crate's dark UI.
 */

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface OnboardingPageInput {
  link: SandboxAccountLink;
  account: SandboxPayoutAccount;
  /** What to correct, and in which field, after a submission that was refused. */
  error: { message: string; field: string } | null;
  /** The values submitted, kept on a refused submission. */
  values: { name: string; routing: string; account: string; reject: boolean } | null;
}

export function presentOnboardingPage({ link, account, error, values }: OnboardingPageInput): string {
  const v = values ?? { name: account.holderName ?? '', routing: '110000000', account: '', reject: account.rejectTransfers };
  const invalid = (field: string) => (error?.field === field ? ' aria-invalid="true" aria-describedby="form-error"' : '');
  const connected = account.payoutsEnabled
    ? `<p class="note">This account is connected${account.bankLast4 ? ` to the bank account ending ${escape(account.bankLast4)}` : ''}${account.rejectTransfers ? ', which rejects every transfer' : ''}. Submitting again replaces its details.</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Connect a payout account — Crate sandbox</title>
<style>
body{margin:0;background:#0b0d12;color:#e6e8ee;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
main{max-width:480px;margin:40px auto;padding:0 16px}
.card{background:#151922;border:1px solid #262c3a;border-radius:12px;padding:28px}
h1{font-size:20px;margin:0 0 4px}.muted{color:#9aa3b5;font-size:14px}
label{display:block;font-size:14px;margin:14px 0 4px;color:#c9cfdb}
input[type=text]{width:100%;box-sizing:border-box;padding:10px 12px;background:#0b0d12;color:#e6e8ee;border:1px solid #333b4d;border-radius:6px;font-size:16px}
input:focus,button:focus,a:focus{outline:2px solid #8b7dff;outline-offset:2px}
input[aria-invalid=true]{border-color:#ff6b6b}
.check{display:flex;gap:10px;align-items:flex-start;margin-top:18px;font-size:14px;color:#c9cfdb}.check input{margin-top:4px}
button{width:100%;margin-top:22px;padding:12px;background:#7c6cff;color:#fff;border:0;border-radius:6px;font-size:16px;font-weight:600;cursor:pointer}
.error{background:#3a1518;color:#ffb4b4;border-radius:6px;padding:10px 12px;margin-top:12px}
.note{background:#1c2333;border-radius:6px;padding:10px 12px;font-size:14px}
.badge{display:inline-block;background:#3b2f00;color:#ffd666;border-radius:4px;padding:0 6px;font-size:12px;font-weight:700}
a{color:#a99dff}
</style></head>
<body><main>
<p><span class="badge">SANDBOX</span> <span class="muted">No real bank account is used and no money moves.</span></p>
<div class="card">
<h1>Connect where Crate pays you</h1><div class="muted">${escape(account.email)}</div>
${connected}
${error ? `<div class="error" role="alert" id="form-error">${escape(error.message)}</div>` : ''}
<form method="post" action="/sandbox/onboarding/${escape(link.id)}">
<label for="name">Account holder’s name</label><input type="text" id="name" name="name" autocomplete="name" required maxlength="100" value="${escape(v.name)}"${invalid('name')}>
<label for="routing">Routing number</label><input type="text" id="routing" name="routing" inputmode="numeric" required maxlength="9" value="${escape(v.routing)}"${invalid('routing')}>
<label for="account">Account number</label><input type="text" id="account" name="account" inputmode="numeric" required maxlength="17" placeholder="000123456789" value="${escape(v.account)}"${invalid('account')}>
<div class="check"><input type="checkbox" id="reject" name="reject" value="1"${v.reject ? ' checked' : ''}><label for="reject" style="margin:0">Make this an account whose transfers are rejected (to see how Crate handles a failed payout)</label></div>
<button type="submit">Connect account</button>
</form>
<p class="muted" style="margin-top:16px"><a href="${escape(link.returnUrl)}">← Back to Crate without connecting</a></p>
</div>
</main></body></html>`;
}

/** A spent or unknown link: nothing to fill in. */
export function presentOnboardingGone(): string {
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><p>There is no such sandbox onboarding link. Start again from Crate.</p></body></html>';
}

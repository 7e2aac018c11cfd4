import { isCataloguePriceLine } from '../payment-provider.ts';
import type { findPricesWithProducts } from '../payment-repository.ts';
import { SANDBOX_CARDS, type SandboxSession } from './sandbox-provider.ts';

type SandboxPrices = Awaited<ReturnType<typeof findPricesWithProducts>>;

/**
 * The sandbox's hosted checkout page (decision 0023): what Stripe Checkout is in Stripe mode. Plain HTML and a
 * form — no script — so it works under the strict CSP.
 */

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

/** The page of a sandbox checkout: its lines with their prices, the card form (or why it is closed) and the test cards. */
export function presentCheckoutPage(session: SandboxSession, prices: SandboxPrices, error: string | null): string {
  const lines = session.lineItems
    .map((line) => {
      if (!isCataloguePriceLine(line)) return `<tr><td>${escape(line.name)}</td><td class="n">${money(line.unitAmount * line.quantity, line.currency)}</td></tr>`;
      const found = prices.find((p) => p.price.id === line.priceId);
      const name = found ? `${found.product.name}${found.price.interval ? ` — every ${found.price.interval}` : ''}` : line.priceId;
      return `<tr><td>${line.quantity > 1 ? `${line.quantity} × ` : ''}${escape(name)}</td><td class="n">${found ? money(found.price.unitAmount * line.quantity, found.price.currency) : ''}</td></tr>`;
    })
    .join('');
  const cards = Object.entries(SANDBOX_CARDS)
    .map(([number, card]) => `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${escape(card.label)}</li>`)
    .join('');
  const closed = session.status !== 'open';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pay Crate — sandbox checkout</title>
<style>
body{margin:0;background:#f6f8fa;color:#1a1f36;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
main{max-width:460px;margin:40px auto;padding:0 16px}
.card{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:28px}
h1{font-size:20px;margin:0 0 4px}.muted{color:#697386;font-size:14px}
table{width:100%;border-collapse:collapse;margin:16px 0}td{padding:6px 0;border-bottom:1px solid #eef}td.n{text-align:right}
tfoot td{font-weight:700;border:0}
label{display:block;font-size:14px;margin:12px 0 4px;color:#3c4257}
input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #cfd7df;border-radius:6px;font-size:16px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{width:100%;margin-top:20px;padding:12px;background:#635bff;color:#fff;border:0;border-radius:6px;font-size:16px;font-weight:600;cursor:pointer}
.error{background:#fdecea;color:#a1151c;border-radius:6px;padding:10px 12px;margin-top:12px}
.badge{display:inline-block;background:#fff4d6;color:#8a5a00;border-radius:4px;padding:0 6px;font-size:12px;font-weight:700}
ul{padding-left:18px;font-size:14px;color:#3c4257}code{font-size:13px}
a{color:#635bff}
</style></head>
<body><main>
<p><span class="badge">SANDBOX</span> <span class="muted">No real card is charged.</span></p>
<div class="card">
<h1>Pay Crate</h1><div class="muted">${escape(session.email)}</div>
<table><tbody>${lines}</tbody><tfoot><tr><td>${session.mode === 'subscription' ? 'Due today' : 'Total'}</td><td class="n">${money(session.amountTotal, session.currency)}</td></tr></tfoot></table>
${error ? `<div class="error" role="alert">${escape(error)}</div>` : ''}
${
  closed
    ? `<p>${session.status === 'complete' ? 'This checkout is paid.' : 'This checkout has expired.'}</p><p><a href="${escape(session.successUrl)}">Back to Crate</a></p>`
    : `<form method="post" action="/sandbox/checkout/${escape(session.id)}/pay">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required maxlength="23">
<div class="row"><div><label for="exp">Expiry</label><input id="exp" name="exp" placeholder="MM / YY" value="12 / 34" maxlength="7"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" placeholder="123" value="123" maxlength="4"></div></div>
<button type="submit">${session.mode === 'subscription' ? 'Subscribe' : 'Pay'} ${money(session.amountTotal, session.currency)}</button>
</form>
<p class="muted" style="margin-top:16px"><a href="/sandbox/checkout/${escape(session.id)}/cancel">← Cancel and return to Crate</a></p>`
}
</div>
<p class="muted">Sandbox test cards (any expiry and CVC):</p><ul>${cards}</ul>
</main></body></html>`;
}

import { PUBLIC, SIGNED_IN, claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import {
  billingSchema,
  changePlanResultSchema,
  changePlanSchema,
  checkoutSessionParams,
  checkoutSessionRequestSchema,
  checkoutSessionSchema,
  planChangePreviewQuerySchema,
  planChangePreviewSchema,
  portalRequestSchema,
  portalSchema,
  purchaseRequestSchema,
  receiptSchema,
  testClockResultSchema,
  testClockSchema,
  webhookAckSchema,
} from './checkout.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

/** Checkout, the provider's webhook and the billing side of Account (docs/decisions/0023). */
export const CHECKOUT_API = {
  createCheckoutSession: { method: 'POST', path: '/api/checkout-sessions', access: SIGNED_IN, verifiedEmail: true, status: 201, summary: 'Start a checkout for a plan or a refill (one session per idempotency key)', tags: ['payments'], body: checkoutSessionRequestSchema, response: checkoutSessionSchema, rateLimit: 'checkout' },
  createPurchaseCheckout: { method: 'POST', path: '/api/purchases', access: SIGNED_IN, verifiedEmail: true, status: 201, summary: 'Start a checkout buying a pack or a bundle outright, for the sounds I do not own yet', tags: ['payments'], body: purchaseRequestSchema, response: checkoutSessionSchema, rateLimit: 'checkout' },
  getCheckoutSession: { method: 'GET', path: '/api/checkout-sessions/:id', access: SIGNED_IN, summary: 'One of my checkout sessions: its provider id and URL once made, its error, its outcome', tags: ['payments'], params: checkoutSessionParams, response: checkoutSessionSchema },
  paymentWebhook: { method: 'POST', path: '/api/payments/webhook', access: PUBLIC, summary: 'Payment provider events (Stripe-Signature checked; stored once by event id)', tags: ['payments'], rawBody: true, response: webhookAckSchema },
  getBilling: { method: 'GET', path: '/api/billing', access: SIGNED_IN, summary: 'My plan, its status and renewal, and whether I may buy a refill', tags: ['payments'], response: billingSchema },
  listReceipts: { method: 'GET', path: '/api/billing/receipts', access: SIGNED_IN, summary: 'My payments, newest first', tags: ['payments'], query: pageQuerySchema, response: pageSchema(receiptSchema) },
  previewPlanChange: { method: 'GET', path: '/api/billing/plan/preview', access: SIGNED_IN, summary: 'What changing my plan to this price would charge, and when (shown before confirming)', tags: ['payments'], query: planChangePreviewQuerySchema, response: planChangePreviewSchema, rateLimit: 'checkout' },
  changePlan: { method: 'POST', path: '/api/billing/plan', access: SIGNED_IN, verifiedEmail: true, summary: 'Change my plan: upgrades now with the new credits, downgrades at renewal', tags: ['payments'], body: changePlanSchema, response: changePlanResultSchema, rateLimit: 'checkout' },
  cancelPlan: { method: 'POST', path: '/api/billing/cancel', access: SIGNED_IN, summary: 'Cancel my plan at the end of the period paid for', tags: ['payments'], response: billingSchema },
  resumePlan: { method: 'POST', path: '/api/billing/resume', access: SIGNED_IN, summary: 'Undo a cancellation before the period ends', tags: ['payments'], response: billingSchema },
  openBillingPortal: { method: 'POST', path: '/api/billing/portal', access: SIGNED_IN, summary: "Open Stripe's Customer Portal (stripe provider only)", tags: ['payments'], body: portalRequestSchema, response: portalSchema, rateLimit: 'checkout' },
  advanceTestClock: { method: 'POST', path: '/api/admin/payments/test-clock', access: claims('admin'), summary: "Sandbox only: move a user's subscription to its next period (renewal, expiry or failed renewal)", tags: ['admin'], body: testClockSchema, response: testClockResultSchema },
} as const satisfies Record<string, Endpoint>;

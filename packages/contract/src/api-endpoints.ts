import { z } from 'zod';
import type { Access } from './access.ts';
import { PUBLIC, SIGNED_IN, claims } from './access.ts';
import {
  acceptInviteSchema,
  emailSentSchema,
  emailVerifiedSchema,
  inviteInfoSchema,
  loginSchema,
  okSchema,
  registerResultSchema,
  registerSchema,
  requestAccountRecoverySchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  updatePasswordSchema,
  verificationSentSchema,
  verifyEmailSchema,
} from './auth.ts';
import { healthSchema, METRICS_CONTENT_TYPE, readinessSchema } from './health.ts';
import type { RateLimitName } from './rate-limits.ts';
import { adminJobsSchema, jobFailuresQuerySchema } from './jobs.ts';
import { ADMIN_API } from './admin-endpoints.ts';
import { AFFILIATE_API } from './affiliates.ts';
import { ANALYTICS_API } from './analytics-endpoints.ts';
import { EARNINGS_API } from './earnings.ts';
import { BANNER_API } from './banner-endpoints.ts';
import { CATALOGUE_API } from './catalogue-endpoints.ts';
import { CHECKOUT_API } from './checkout-endpoints.ts';
import { COMMERCE_API } from './commerce-endpoints.ts';
import { CREATOR_APPLICATION_API } from './creator-application-endpoints.ts';
import { CREATOR_PROFILE_API } from './creator-profile-endpoints.ts';
import { CURATION_API } from './curation-endpoints.ts';
import { ITEM_EDITING_API } from './item-editing-endpoints.ts';
import { LIBRARY_API } from './library-endpoints.ts';
import { PACK_REVIEW_API } from './pack-review-endpoints.ts';
import { PAYOUT_ADMIN_API } from './payout-admin.ts';
import { PAYOUT_ACCOUNT_API } from './payout-accounts.ts';
import { ATTRIBUTION_API } from './attribution.ts';
import { SEARCH_API } from './search-endpoints.ts';
import { TAKEDOWN_API } from './takedown-endpoints.ts';
import { STUDIO_PACK_API } from './studio-pack-endpoints.ts';
import { SPLIT_API } from './split-endpoints.ts';
import { RELEASE_API } from './release-endpoints.ts';
import { FILE_API } from './file-endpoints.ts';
import { profileSchema, updateProfileSchema } from './profile.ts';
import { collaboratorsSchema, createInviteSchema, inviteSchema, setRolesSchema, adminUserSchema } from './users.ts';

/**
 * Every endpoint of the API: method, path, who may call it, its schemas and what it answers (JSON, or a
 * file's bytes, a redirect, the tus protocol). The server registers routes from these (access, budgets and
 * validation before any handler), OpenAPI is generated from them, the web client calls the JSON ones
 * through them, and the endpoint × user-kind and hostile-input tests iterate over them.
 */
export type Endpoint = JsonEndpoint | FileEndpoint;

interface EndpointShape {
  /** A GET also answers HEAD (headers only), through the same checks. */
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Fastify-style path; `:name` marks a parameter. */
  path: string;
  access: Access;
  summary: string;
  tags: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The request budget it draws on (rate-limits.ts), per user and per client address, across every API process. */
  rateLimit?: RateLimitName;
  /**
   * Refused with 403 EMAIL_NOT_VERIFIED to a signed-in user whose e-mail is not confirmed yet: what spends money or
   * credits, applies to sell, gets paid or invites someone (docs/decisions/0069). Checked after access, before any budget.
   */
  verifiedEmail?: true;
  /** The request body is a file's bytes, streamed to the handler unparsed (uploads); the handler enforces its size limit. */
  rawBody?: true;
}

/** Answers JSON: `response` is checked and trimmed on the way out; the web client reads it through the same schema. */
export interface JsonEndpoint extends EndpointShape {
  reply?: undefined;
  response: z.ZodType;
  /** Success status; 200 unless stated. */
  status?: 200 | 201 | 202 | 204;
}

/**
 * Answers something else, which its handler sends itself (errors stay JSON):
 * - `file`: bytes of one of `contentTypes` (Range and validators where stored; `redirects`: may instead answer
 *   302 to a short-lived signed URL of the store);
 * - `tus`: the tus 1.0.0 protocol (tus.io): status and Upload-* headers, the finished upload's JSON; its
 *   requests reach tus unparsed, whatever their type (a media input: media-inputs.ts lists tus uploads).
 */
export interface FileEndpoint extends EndpointShape {
  reply: { kind: 'file'; contentTypes: readonly string[]; redirects?: true } | { kind: 'tus' };
  response?: undefined;
  status?: undefined;
}

const tokenParams = z.strictObject({ token: z.string().min(1).max(200) });
const idParams = z.strictObject({ id: z.string().min(1).max(64) });

export const API = {
  health: { method: 'GET', path: '/api/health', access: PUBLIC, summary: 'Liveness and the configured backends', tags: ['system'], response: healthSchema },
  ready: {
    method: 'GET',
    path: '/api/ready',
    access: PUBLIC,
    summary: 'Readiness: database reachable, migrations current, search index loaded (503 UNAVAILABLE naming what is not)',
    tags: ['system'],
    response: readinessSchema,
  },
  /**
   * Prometheus metrics of this process (docs/operations.md). Public to user kinds: a scraper is no user; it sends
   * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the route answers 404 as if it did not exist.
   */
  metrics: {
    method: 'GET',
    path: '/metrics',
    access: PUBLIC,
    summary: 'Prometheus metrics (off unless METRICS_TOKEN is set; then that bearer token is required)',
    tags: ['system'],
    reply: { kind: 'file', contentTypes: [METRICS_CONTENT_TYPE] },
  },

  register: {
    method: 'POST',
    path: '/api/auth/register',
    access: PUBLIC,
    summary: 'Create an account and sign in (the profile); an address that has an account gets a neutral "check your inbox" and its owner an e-mail',
    tags: ['auth'],
    body: registerSchema,
    response: registerResultSchema,
    status: 201,
    rateLimit: 'auth',
  },
  login: { method: 'POST', path: '/api/auth/login', access: PUBLIC, summary: 'Sign in with e-mail and password', tags: ['auth'], body: loginSchema, response: profileSchema, rateLimit: 'auth' },
  logout: { method: 'POST', path: '/api/auth/logout', access: PUBLIC, summary: 'Sign out (idempotent)', tags: ['auth'], response: okSchema },
  requestPasswordReset: { method: 'POST', path: '/api/auth/password-reset/request', access: PUBLIC, summary: 'E-mail a one-time password reset link', tags: ['auth'], body: requestPasswordResetSchema, response: emailSentSchema, rateLimit: 'auth' },
  resetPassword: { method: 'POST', path: '/api/auth/password-reset/confirm', access: PUBLIC, summary: 'Set a new password with a reset token', tags: ['auth'], body: resetPasswordSchema, response: okSchema, rateLimit: 'auth' },
  requestAccountRecovery: { method: 'POST', path: '/api/auth/recovery/request', access: PUBLIC, summary: 'E-mail a recovery link for a locked or deactivated account', tags: ['auth'], body: requestAccountRecoverySchema, response: emailSentSchema, rateLimit: 'auth' },
  verifyEmail: {
    method: 'POST',
    path: '/api/auth/verify-email',
    access: PUBLIC,
    summary: 'Confirm the e-mail of an account with the one-time token of its verification link (24 h)',
    tags: ['auth'],
    body: verifyEmailSchema,
    response: emailVerifiedSchema,
    rateLimit: 'auth',
  },
  resendEmailVerification: {
    method: 'POST',
    path: '/api/auth/verify-email/resend',
    access: SIGNED_IN,
    summary: 'Send a new verification link to the signed-in account\'s e-mail (409 CONFLICT when it is already confirmed)',
    tags: ['auth'],
    response: verificationSentSchema,
    rateLimit: 'verifyMail',
  },
  updatePassword: { method: 'POST', path: '/api/auth/password', access: SIGNED_IN, summary: 'Change the password of the signed-in account', tags: ['auth'], body: updatePasswordSchema, response: okSchema, rateLimit: 'auth' },

  getProfile: { method: 'GET', path: '/api/profile', access: SIGNED_IN, summary: 'The signed-in user profile', tags: ['profile'], response: profileSchema },
  updateProfile: { method: 'PATCH', path: '/api/profile', access: SIGNED_IN, summary: 'Update display name, zip code, e-mail preferences, content agreement', tags: ['profile'], body: updateProfileSchema, response: profileSchema },
  deactivateAccount: { method: 'POST', path: '/api/profile/deactivate', access: SIGNED_IN, summary: 'Deactivate the signed-in account (recoverable by e-mail)', tags: ['profile'], response: okSchema },

  getInvite: { method: 'GET', path: '/api/invites/:token', access: PUBLIC, summary: 'Describe a collaborator invite', tags: ['invites'], params: tokenParams, response: inviteInfoSchema },
  acceptInvite: { method: 'POST', path: '/api/invites/accept', access: SIGNED_IN, summary: 'Join the inviting creator as a collaborator', tags: ['invites'], body: acceptInviteSchema, response: profileSchema },
  createInvite: { method: 'POST', path: '/api/creator/invites', access: claims('creator'), verifiedEmail: true, summary: 'Invite a collaborator by e-mail', tags: ['invites'], body: createInviteSchema, response: inviteSchema, status: 201, rateLimit: 'mail' },
  listCollaborators: { method: 'GET', path: '/api/creator/collaborators', access: claims('creator'), summary: 'My collaborators and my open invites', tags: ['invites'], response: collaboratorsSchema },
  removeCollaborator: { method: 'DELETE', path: '/api/creator/collaborators/:userId', access: claims('creator'), summary: 'Stop working with a collaborator (they lose read access to my studio at once)', tags: ['invites'], params: z.strictObject({ userId: z.string().min(1).max(100) }), response: collaboratorsSchema },
  withdrawInvite: { method: 'DELETE', path: '/api/creator/invites/:id', access: claims('creator'), summary: 'Withdraw an invite that was not accepted yet', tags: ['invites'], params: z.strictObject({ id: z.uuid('Not a valid id') }), response: collaboratorsSchema },

  setUserRoles: { method: 'PUT', path: '/api/admin/users/:id/roles', access: claims('admin'), summary: 'Replace the roles of a user', tags: ['admin'], params: idParams, body: setRolesSchema, response: adminUserSchema },
  adminJobs: { method: 'GET', path: '/api/admin/jobs', access: claims('admin'), summary: 'The job queue: jobs of each name in each state, and the latest failures with their error', tags: ['admin'], query: jobFailuresQuerySchema, response: adminJobsSchema },

  ...ADMIN_API,
  ...CATALOGUE_API,
  ...CREATOR_APPLICATION_API,
  ...LIBRARY_API,
  ...COMMERCE_API,
  ...CHECKOUT_API,
  ...SEARCH_API,
  ...TAKEDOWN_API,
  ...ITEM_EDITING_API,
  ...ANALYTICS_API,
  ...EARNINGS_API,
  ...STUDIO_PACK_API,
  ...CREATOR_PROFILE_API,
  ...SPLIT_API,
  ...RELEASE_API,
  ...PACK_REVIEW_API,
  ...BANNER_API,
  ...CURATION_API,
  ...FILE_API,
  ...PAYOUT_ADMIN_API,
  ...PAYOUT_ACCOUNT_API,
  ...AFFILIATE_API,
  ...ATTRIBUTION_API,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof API;

import { z } from 'zod';
import { SIGNED_IN, claims } from './access.ts';
import type { Endpoint } from './api-endpoints.ts';
import {
  applicationDemoSchema,
  creatorApplicationInputSchema,
  creatorApplicationSchema,
  demoUploadQuerySchema,
  myCreatorApplicationSchema,
  reviewApplicationSchema,
  reviewedApplicationSchema,
  waitingApplicationSchema,
} from './creator-application.ts';

const idParams = z.strictObject({ id: z.uuid('Not a valid id') });
const demoParams = z.strictObject({ id: z.uuid('Not a valid id'), fileId: z.uuid('Not a valid id') });

/** Applying to sell on Crate, and the admins' review of applications. */
export const CREATOR_APPLICATION_API = {
  getMyCreatorApplication: { method: 'GET', path: '/api/creator-application', access: SIGNED_IN, summary: 'My latest creator application and whether I accepted the content agreement', tags: ['creator-application'], response: myCreatorApplicationSchema },
  uploadApplicationDemo: { method: 'POST', path: '/api/creator-application/demos', access: SIGNED_IN, summary: 'Upload one demo sound (the request body is the file); checked by decoding it', tags: ['creator-application'], query: demoUploadQuerySchema, rawBody: true, response: applicationDemoSchema, status: 201, rateLimit: 'upload' },
  submitCreatorApplication: { method: 'POST', path: '/api/creator-application', access: SIGNED_IN, verifiedEmail: true, summary: 'Apply to sell on Crate (one open application at a time)', tags: ['creator-application'], body: creatorApplicationInputSchema, response: creatorApplicationSchema, status: 201 },
  resubmitCreatorApplication: { method: 'PUT', path: '/api/creator-application', access: SIGNED_IN, verifiedEmail: true, summary: 'Change my open application and send it for review again', tags: ['creator-application'], body: creatorApplicationInputSchema, response: creatorApplicationSchema },
  playApplicationDemo: { method: 'GET', path: '/api/creator-applications/:id/demos/:fileId', access: SIGNED_IN, summary: 'The MP3 preview of a demo: for the applicant and admins only', tags: ['creator-application'], params: demoParams, reply: { kind: 'file', contentTypes: ['audio/mpeg'] } },

  listWaitingApplications: { method: 'GET', path: '/api/admin/creator-applications', access: claims('admin'), summary: 'Applications waiting for review, oldest first', tags: ['admin'], response: z.array(waitingApplicationSchema) },
  getCreatorApplication: { method: 'GET', path: '/api/admin/creator-applications/:id', access: claims('admin'), summary: 'One application with its applicant', tags: ['admin'], params: idParams, response: reviewedApplicationSchema },
  reviewCreatorApplication: { method: 'POST', path: '/api/admin/creator-applications/:id/review', access: claims('admin'), summary: 'Approve, ask for changes or decline an application', tags: ['admin'], params: idParams, body: reviewApplicationSchema, response: reviewedApplicationSchema },
} as const satisfies Record<string, Endpoint>;

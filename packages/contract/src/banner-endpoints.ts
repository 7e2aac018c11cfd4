import { z } from 'zod';
import { claims } from './access.ts';
import { adminImageSchema, uploadAdminImageQuerySchema } from './admin-images.ts';
import type { Endpoint } from './api-endpoints.ts';
import { adminBannerSchema, bannerInputSchema, bannerListSchema, reorderBannersSchema, updateBannerSchema } from './banners.ts';

const idParams = z.strictObject({ id: z.uuid('Not a valid banner id') });
const ADMIN = claims('admin');

/** Admins' images and Discover's banners (docs/decisions/0044); every write is audited. */
export const BANNER_API = {
  uploadAdminImage: {
    method: 'POST',
    path: '/api/admin/images',
    access: ADMIN,
    summary: 'Upload an image for a banner or a cover (the request body is the file); its sizes are derived from the crop at once',
    tags: ['admin'],
    query: uploadAdminImageQuerySchema,
    rawBody: true,
    response: adminImageSchema,
    status: 201,
    rateLimit: 'upload',
  },
  listBanners: { method: 'GET', path: '/api/admin/banners', access: ADMIN, summary: "Every banner in Discover's order, live or not, and the order's version", tags: ['admin'], response: bannerListSchema },
  getBanner: { method: 'GET', path: '/api/admin/banners/:id', access: ADMIN, summary: 'One banner as its editor shows it', tags: ['admin'], params: idParams, response: adminBannerSchema },
  createBanner: { method: 'POST', path: '/api/admin/banners', access: ADMIN, summary: 'Add a banner (last in the order)', tags: ['admin'], body: bannerInputSchema, response: adminBannerSchema, status: 201, rateLimit: 'create' },
  updateBanner: { method: 'PUT', path: '/api/admin/banners/:id', access: ADMIN, summary: 'Change a banner; 409 if it changed since it was read', tags: ['admin'], params: idParams, body: updateBannerSchema, response: adminBannerSchema },
  deleteBanner: { method: 'DELETE', path: '/api/admin/banners/:id', access: ADMIN, summary: 'Remove a banner; the rest keep their order', tags: ['admin'], params: idParams, response: bannerListSchema },
  reorderBanners: { method: 'PUT', path: '/api/admin/banner-order', access: ADMIN, summary: "Put every banner in a new order; 409 if the order changed since it was read", tags: ['admin'], body: reorderBannersSchema, response: bannerListSchema },
} as const satisfies Record<string, Endpoint>;

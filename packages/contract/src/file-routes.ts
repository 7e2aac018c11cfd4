/**
 * The routes that move files instead of JSON, outside the API table: media derivatives, downloads, licence
 * PDFs and the tus upload endpoint. One list: the server registers each route from it, and the hostile-input
 * tier gives every route in it its query-string and extra-segment cases (an address never reaches another
 * object than the one its path names, docs/decisions/0032), so a file route added here is covered at once.
 */
export const FILE_ROUTES = {
  media: { methods: ['GET', 'HEAD'], path: '/api/media/:fileId/:variant' },
  itemDownload: { methods: ['GET', 'HEAD'], path: '/api/downloads/items/:id' },
  packDownload: { methods: ['GET', 'HEAD'], path: '/api/downloads/packs/:id' },
  licencePdf: { methods: ['GET'], path: '/api/licences/:number/pdf' },
  uploadCreate: { methods: ['POST'], path: '/api/studio/uploads' },
  upload: { methods: ['HEAD', 'PATCH', 'DELETE'], path: '/api/studio/uploads/:id' },
} as const satisfies Record<string, { methods: readonly ('GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE')[]; path: `/api/${string}` }>;

export type FileRouteName = keyof typeof FILE_ROUTES;

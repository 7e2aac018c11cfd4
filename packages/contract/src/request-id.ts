/**
 * The header every answer carries its request id in (and a trusted proxy may send one in). In a module of its
 * own, without zod: the web client's first screen reads it.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

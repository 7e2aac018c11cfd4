import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Writes an answer as its endpoint's response schema reads it: checked, and with only the fields the schema
 * declares (a field a handler adds by mistake never leaves the server).
 *
 * The zod type provider's own serializer runs zod's encode, the backward direction meant for codecs; response
 * schemas hold only plain data (a unit test walks every one), where parse gives the same answer and takes
 * zod's compiled fast path: 121 µs against 297 µs for the search page's answer of 24 sounds and every facet.
 */
export const responseSerializer: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => (data: unknown) => {
  const result = schema.safeParse(data);
  if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
  return JSON.stringify(result.data);
};

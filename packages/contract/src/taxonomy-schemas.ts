/**
 * The taxonomy's slugs as zod schemas, for the request bodies that take genres and instruments. Apart
 * from taxonomy.ts so that its labels and lookups come without zod (see there).
 */
import { z } from 'zod';
import { GENRE_SLUGS, INSTRUMENT_SLUGS } from './taxonomy.ts';

export const genreSlugSchema = z.enum(GENRE_SLUGS);
export const instrumentSlugSchema = z.enum(INSTRUMENT_SLUGS);

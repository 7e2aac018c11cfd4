import { z } from 'zod';

/** A web address a person may follow from Crate: http(s) only, whole, at most 300 characters. */
export const webLinkSchema = z
  .string()
  .trim()
  .max(300, 'A link is at most 300 characters')
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Enter a full web address starting with https://');

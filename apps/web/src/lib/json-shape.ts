/**
 * A few hand-written shape checks for the answers the first screen needs before anything else
 * (Discover, the profile). The contract's zod schemas are the source of truth and check every other
 * answer; these exist because zod and the schemas are the heaviest script a first visit would fetch.
 * Each use is unit-tested against the contract schema it stands in for.
 */
export type Check = (value: unknown) => boolean;

export const isString: Check = (value) => typeof value === 'string';
export const isBoolean: Check = (value) => typeof value === 'boolean';
export const isInteger: Check = (value) => Number.isInteger(value);

export const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);

export const oneOf =
  (values: readonly unknown[]): Check =>
  (value) =>
    values.includes(value);

export const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);

/** An object with at least these fields, each passing its check (extra fields are ignored, as zod does). */
export const objectOf =
  (fields: Record<string, Check>): Check =>
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    return Object.entries(fields).every(([name, check]) => check(record[name]));
  };

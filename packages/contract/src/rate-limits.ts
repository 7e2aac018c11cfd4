import { STUDIO_LIMITS } from './studio-limits.ts';

/** One budget: at most `max` requests per `windowSeconds`, counted per signed-in user or per client address. */
export interface Budget {
  max: number;
  windowSeconds: number;
}

/** The limits an endpoint may declare (API table `rateLimit`), each held across every API process (docs/decisions/0017). */
export interface RateLimit {
  perUser?: Budget;
  perAddress: Budget;
  /** At most this many of the endpoint's requests of one signed-in user under way at once (work that takes a while: exports). */
  concurrentPerUser?: number;
}

/** What a caller refused for having too many requests under way is told to wait, in seconds. */
export const CONCURRENCY_RETRY_AFTER_SECONDS = 5;

export const RATE_LIMITS = {
  /** Login, register, reset, recovery, password change: guessing and mail-bombing, per client address. */
  auth: { perAddress: { max: 10, windowSeconds: 60 } },
  /** Search and similar sounds: the most expensive reads. Room for typing and scrolling, not for a flood. */
  search: { perUser: { max: 120, windowSeconds: 60 }, perAddress: { max: 240, windowSeconds: 60 } },
  /** Anything that sends an e-mail to an address the caller names (invites). */
  mail: { perUser: { max: 20, windowSeconds: 3600 }, perAddress: { max: 40, windowSeconds: 3600 } },
  /** Sending a new e-mail verification link to one's own address: a few retries an hour, not a mailbox flood (docs/decisions/0069). */
  verifyMail: { perUser: { max: 3, windowSeconds: 3600 }, perAddress: { max: 20, windowSeconds: 3600 } },
  /** Creating things a user keeps (playlists). */
  create: { perUser: { max: 30, windowSeconds: 60 }, perAddress: { max: 60, windowSeconds: 60 } },
  /** Downloading originals (commerce): generous for a library sync, not for scraping. */
  download: { perUser: { max: 300, windowSeconds: 3600 }, perAddress: { max: 600, windowSeconds: 3600 } },
  /** Starting a checkout, previewing or changing a plan, opening the billing portal: each asks the payment provider. */
  checkout: { perUser: { max: 20, windowSeconds: 600 }, perAddress: { max: 60, windowSeconds: 600 } },
  /** Sending one file in one request (a banner image, an item's replacement, an application's demo). */
  upload: { perUser: { max: 200, windowSeconds: 3600 }, perAddress: { max: 400, windowSeconds: 3600 } },
  /**
   * Starting a pack file's resumable upload (tus creation), sized by the pack (docs/decisions/0050): a creator
   * filling an empty pack to its 2,000 files in one drop is never refused, and can do it twice in an hour with
   * room for retries; the pack's and the creator's room and the 20 open uploads bound what the starts may hold.
   */
  packUpload: {
    perUser: { max: 2 * STUDIO_LIMITS.packMaxFiles, windowSeconds: 3600 },
    perAddress: { max: 4 * STUDIO_LIMITS.packMaxFiles, windowSeconds: 3600 },
  },
  /** Counting a click on a referral link (public): a visitor opening links, not a script inflating an affiliate's clicks. */
  referral: { perUser: { max: 30, windowSeconds: 60 }, perAddress: { max: 30, windowSeconds: 60 } },
  /** CSV exports of analytics (up to five years each): a creator's reports for the day, not a flood; two under way at once. */
  export: { perUser: { max: 30, windowSeconds: 3600 }, perAddress: { max: 60, windowSeconds: 3600 }, concurrentPerUser: 2 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

import type { DbOrTx } from '../../db/client.ts';
import {
  claimNotice,
  countFailure,
  deleteCounters,
  pauseUntil,
  sweepLapsedCounters,
  type SignInCounter,
  type SignInScope,
} from './sign-in-failures-repository.ts';

export type { SignInCounter } from './sign-in-failures-repository.ts';

/**
 * Failed password sign-ins slow down where they come from, never the account (docs/decisions/0036,
 * which replaces the per-e-mail lock of 0016). Each attempt is counted in the scopes of its place:
 *
 *  - from a trusted device for the e-mail (sign-in-device.ts): `device` (that device and e-mail) only;
 *  - from anywhere else: `pair` (the client network and the e-mail) and `network` (the client network,
 *    every e-mail: a budget against trying many accounts from one place).
 *
 * A scope's first `free` failures cost nothing; each further one pauses it for FIRST_PAUSE_SECONDS,
 * doubling up to MAX_PAUSE_SECONDS. During a pause the password is not even checked and nothing is
 * counted, so attempts cannot extend it. A scope's count starts again after `quietHours` without a
 * failure there, and at a success (not for `network`: a success on one's own account must not buy
 * guesses at others). Captcha-free: guessing is made slow, and only for whoever guesses.
 */
export const SIGN_IN_SCOPE_RULES = {
  pair: { free: 5, quietHours: 24 },
  device: { free: 5, quietHours: 24 },
  network: { free: 30, quietHours: 3 },
} as const satisfies Record<SignInScope, { free: number; quietHours: number }>;
const FIRST_PAUSE_SECONDS = 30;
const MAX_PAUSE_SECONDS = 3600;
/** Consecutive failures at one e-mail from one place after which its owner is told (at most once a day). */
export const NOTICE_AFTER_FAILURES = 10;
const NOTICE_EVERY_HOURS = 24;
/** Rows whose count lapsed (no failure for the longest quiet period) and whose pause is over are swept, a few per failure. */
const LAPSED_AFTER_HOURS = 24;
const SWEEP_BATCH = 10;

const HOUR_MS = 3600_000;
const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR_MS);

/** How long a scope pauses after its `failures`-th consecutive failure (0: not yet). */
function pauseSecondsAfter(scope: SignInScope, failures: number): number {
  const over = failures - SIGN_IN_SCOPE_RULES[scope].free;
  return over < 0 ? 0 : Math.min(MAX_PAUSE_SECONDS, FIRST_PAUSE_SECONDS * 2 ** over);
}

/** The counters an attempt at `email` is counted in: its trusted device's, else its network's. */
export function signInCounters(email: string, place: { network: string; trustedDevice: string | null }): SignInCounter[] {
  if (place.trustedDevice) return [{ scope: 'device', client: place.trustedDevice, email }];
  return [
    { scope: 'pair', client: place.network, email },
    { scope: 'network', client: place.network, email: '' },
  ];
}

export interface FailureOutcome {
  /** Until when the attempt's place is now paused (this failure started or lengthened a pause), or null. */
  pausedUntil: Date | null;
  /** This failure is the NOTICE_AFTER_FAILURES-th at the e-mail from this place. */
  noticeDue: boolean;
}

/**
 * Counts one failure in each counter and pauses those past their free failures. Also sweeps a few rows
 * nobody has failed at for a while, so the table holds about a day of failures without a job of its own.
 */
export async function recordFailedSignIn(db: DbOrTx, counters: readonly SignInCounter[], now: Date): Promise<FailureOutcome> {
  let pausedUntil: Date | null = null;
  let noticeDue = false;
  for (const counter of counters) {
    const failures = await countFailure(db, counter, now, hoursBefore(now, SIGN_IN_SCOPE_RULES[counter.scope].quietHours));
    const pause = pauseSecondsAfter(counter.scope, failures);
    if (pause > 0) {
      const until = new Date(now.getTime() + pause * 1000);
      await pauseUntil(db, counter, until);
      if (!pausedUntil || until > pausedUntil) pausedUntil = until;
    }
    if (counter.scope !== 'network' && failures === NOTICE_AFTER_FAILURES) noticeDue = true;
  }
  await sweepLapsedCounters(db, now, hoursBefore(now, LAPSED_AFTER_HOURS), SWEEP_BATCH);
  return { pausedUntil, noticeDue };
}

/**
 * Claims the day's notice to the owner of the counter's e-mail: true for the first claim within
 * NOTICE_EVERY_HOURS across every place, so an attacker moving between networks cannot fill the inbox.
 */
export const claimFailureNotice = (db: DbOrTx, counter: SignInCounter, now: Date): Promise<boolean> => claimNotice(db, counter, now, hoursBefore(now, NOTICE_EVERY_HOURS));

/** A success forgets the failures of its own place for the e-mail (never the network budget). */
export const clearSignInFailures = (db: DbOrTx, counters: readonly SignInCounter[]): Promise<void> => deleteCounters(db, counters.filter((c) => c.scope !== 'network'));

/** "30 seconds", "1 minute", "16 minutes": how long someone is asked to wait. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) {
    const s = Math.max(1, Math.ceil(seconds));
    return `${s} second${s === 1 ? '' : 's'}`;
  }
  const m = Math.ceil(seconds / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

import { SIGNED_IN_HINT_COOKIE } from '@crate/contract/signed-in-hint';
import { readCookie } from '../tracking/fbc-cookie.ts';

/** document.cookie, as far as the hint needs it (a stand-in in unit tests). */
interface HintJar {
  read(): string;
  write(assignment: string): void;
}

const documentCookies: HintJar = {
  read: () => (typeof document === 'undefined' ? '' : document.cookie),
  write: (assignment) => {
    if (typeof document !== 'undefined') document.cookie = assignment;
  },
};

/**
 * Whether this browser may hold a session worth asking the profile for: the server's hint cookie is there, or
 * the stored profile remembers an account (a session set before the hint existed). A visitor has neither, so the
 * first load asks nothing that would answer 401.
 */
export function mayBeSignedIn(storedUid: string, jar: HintJar = documentCookies): boolean {
  return storedUid !== '' || readCookie(jar.read(), SIGNED_IN_HINT_COOKIE) !== null;
}

/** The server said nobody is signed in (the session ended while the page was away): stop asking on later loads. */
export function forgetSignedInHint(jar: HintJar = documentCookies): void {
  jar.write(`${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
}

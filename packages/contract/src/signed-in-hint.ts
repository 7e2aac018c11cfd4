/**
 * A cookie the web app can read (the session cookie is httpOnly) that says a session was set in this browser:
 * the server sets it beside every session cookie and clears it with the session, and the app asks for the
 * profile only when it is there, so a visitor's first load makes no request that must answer 401. It holds no
 * secret and grants nothing.
 */
export const SIGNED_IN_HINT_COOKIE = 'crate.signed_in';

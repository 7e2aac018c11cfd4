/**
 * Why a person was sent to the login page, carried in the navigation's state: the login screen says it in a
 * message that stays until they log in (a toast would be gone before they read it).
 */
export type LoginNotice = 'password-changed' | 'account-recovered';

export const LOGIN_NOTICE_TEXT: Record<LoginNotice, string> = {
  'password-changed': 'Your password was changed. Log in with your new password.',
  'account-recovered': 'Your account is recovered and your new password is set. Log in with it.',
};

/** The navigation state that shows `notice` on the login screen. */
export const loginNoticeState = (notice: LoginNotice) => ({ loginNotice: notice });

export function loginNoticeOf(state: unknown): LoginNotice | null {
  const notice = (state as { loginNotice?: unknown } | null)?.loginNotice;
  return notice === 'password-changed' || notice === 'account-recovered' ? notice : null;
}

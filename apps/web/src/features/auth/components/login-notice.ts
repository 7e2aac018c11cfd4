/**
 * Why a person was sent to the login page, carried in the navigation's state: the login screen says it in a
 * message that stays until they log in (a toast would be gone before they read it).
 */
export type LoginNotice = 'password-changed' | 'account-recovered';

export const LOGIN_NOTICE_TEXT: Record<LoginNotice, { title: string; message: string }> = {
  'password-changed': { title: 'Password changed', message: 'Your password was changed. Log in with your new password.' },
  'account-recovered': { title: 'Account recovered', message: 'Your new password is set and your account is open again. Log in with it.' },
};

/** The navigation state that shows `notice` on the login screen. */
export const loginNoticeState = (notice: LoginNotice) => ({ loginNotice: notice });

export function loginNoticeOf(state: unknown): LoginNotice | null {
  const notice = (state as { loginNotice?: unknown } | null)?.loginNotice;
  return notice === 'password-changed' || notice === 'account-recovered' ? notice : null;
}

import { zodResolver } from '@hookform/resolvers/zod';
import { createFormControl } from 'react-hook-form';
import { describe, expect, test } from 'vitest';
import { updatePasswordSchema, type UpdatePasswordInput as UpdatePassword } from '@crate/contract/auth';
import { ApiError, NETWORK_ERROR, NETWORK_ERROR_MESSAGE } from './api-error.ts';
import { reportingSubmit, type ErrorPlacement } from './use-contract-form.ts';

const FIELDS = Object.keys(updatePasswordSchema.shape) as (keyof UpdatePassword)[];
const VALID: UpdatePassword = { current_password: 'old password 1', new_password: 'a new password 2' };

/** The form useContractForm builds, outside React: the contract's resolver, and the submit it hands the screen. */
function passwordForm(placement: Omit<ErrorPlacement<keyof UpdatePassword>, 'fields'> = {}) {
  const form = createFormControl<UpdatePassword, unknown, UpdatePassword>({ resolver: zodResolver(updatePasswordSchema), defaultValues: VALID });
  const shown = { formError: null as unknown };
  const submit = reportingSubmit(form, { fields: FIELDS, ...placement }, (error) => (shown.formError = error));
  return { form, shown, submit };
}

describe('useContractForm error placement', () => {
  test("an error naming one of the form's fields is shown under it, with the server's words", async () => {
    const { form, shown, submit } = passwordForm();
    await submit(() => Promise.reject(new ApiError('VALIDATION_FAILED', 'Choose a password you have not used here before.', { field: 'new_password', status: 400 })))();
    expect(form.getFieldState('new_password').error?.message).toBe('Choose a password you have not used here before.');
    expect(form.getFieldState('current_password').error).toBeUndefined();
    expect(shown.formError).toBeNull();
  });

  test('an error naming no field of the form, or none at all, is the whole form’s', async () => {
    const { form, shown, submit } = passwordForm();
    const elsewhere = new ApiError('VALIDATION_FAILED', 'Bad token.', { field: 'token', status: 400 });
    await submit(() => Promise.reject(elsewhere))();
    expect(shown.formError).toBe(elsewhere);
    const offline = new ApiError(NETWORK_ERROR, NETWORK_ERROR_MESSAGE);
    await submit(() => Promise.reject(offline))();
    expect(shown.formError).toBe(offline);
    expect(form.getFieldState('new_password').error).toBeUndefined();
  });

  test('an error reported by code goes to the field it is about, in the words the form chose', async () => {
    const { form, shown, submit } = passwordForm({ codeFields: { INVALID_CREDENTIALS: { field: 'current_password', message: 'That is not your current password.' } } });
    await submit(() => Promise.reject(new ApiError('INVALID_CREDENTIALS', 'Invalid credentials.', { status: 401 })))();
    expect(form.getFieldState('current_password').error?.message).toBe('That is not your current password.');
    expect(shown.formError).toBeNull();
  });

  test('a one-field form shows every other error under that field', async () => {
    const { form, shown, submit } = passwordForm({ otherErrorsOn: 'new_password' });
    await submit(() => Promise.reject(new ApiError('RATE_LIMITED', 'Slow down.', { status: 429 })))();
    expect(form.getFieldState('new_password').error?.message).toBe('Too many attempts. Wait a minute, then try again.');
    expect(shown.formError).toBeNull();
  });

  test('a new submit clears the previous form error; a success leaves none', async () => {
    const { shown, submit } = passwordForm();
    await submit(() => Promise.reject(new ApiError('INTERNAL', 'Down.', { status: 500 })))();
    expect(shown.formError).not.toBeNull();
    await submit(() => Promise.resolve())();
    expect(shown.formError).toBeNull();
  });

  test("values the contract refuses never reach the request, and the contract's message is shown", async () => {
    const { form, submit } = passwordForm();
    form.setValue('new_password', 'short');
    let sent = false;
    await submit(async () => {
      sent = true;
    })();
    expect(sent).toBe(false);
    expect(form.getFieldState('new_password').error?.message).toBeTruthy();
  });
});

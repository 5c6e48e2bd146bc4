import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { changePasswordFormSchema, forgotPasswordSchema, newPasswordField, resetPasswordFormSchema, signInSchema } from './auth.schema';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('signInSchema', () => {
  it('gives the spec texts', () => {
    expect(firstMessage(signInSchema.safeParse({ email: '', password: 'x' }))).toBe(messages.auth.emailRequired);
    expect(firstMessage(signInSchema.safeParse({ email: 'nope', password: 'x' }))).toBe(messages.auth.emailInvalid);
    expect(firstMessage(signInSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(messages.auth.passwordRequired);
    expect(firstMessage(signInSchema.safeParse({ email: `${'a'.repeat(250)}@b.com`, password: 'x' }))).toBe(messages.auth.emailTooLong);
    expect(signInSchema.parse({ email: ' A@B.co ', password: 'x' })).toEqual({ email: 'A@B.co', password: 'x', rememberMe: false });
  });
  it('forgot password needs a valid email', () => {
    expect(forgotPasswordSchema.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(firstMessage(forgotPasswordSchema.safeParse({}))).toBe(messages.auth.emailRequired);
  });
});

describe('new password rule', () => {
  it.each([
    ['Abc@12', true],
    ['Demo@1234', true],
    ['abc@12', false],
    ['ABC@12', false],
    ['Abcd12', false],
    ['Ab@1', false],
    ['Abc#12', false],
  ])('%s → %s', (password, valid) => {
    expect(newPasswordField.safeParse(password).success).toBe(valid);
  });
  it('says the rule, and that the confirmation must match', () => {
    expect(firstMessage(resetPasswordFormSchema.safeParse({ newPassword: 'weak', confirmPassword: 'weak' }))).toBe(messages.auth.passwordRule);
    expect(firstMessage(resetPasswordFormSchema.safeParse({ newPassword: '', confirmPassword: '' }))).toBe(messages.auth.newPasswordRequired);
    const mismatch = resetPasswordFormSchema.safeParse({ newPassword: 'Abc@123', confirmPassword: 'Abc@124' });
    expect(firstMessage(mismatch)).toBe(messages.auth.passwordsMustMatch);
    expect(firstMessage(changePasswordFormSchema.safeParse({ currentPassword: 'x', password: 'Abc@123', confirmPassword: '' }))).toBe(messages.auth.confirmPasswordRequired);
  });
});

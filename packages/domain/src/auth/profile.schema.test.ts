import { describe, expect, it } from 'vitest';
import { TEXT_MAX_LENGTH } from '../constants';
import { profileMessages } from '../messages/profile';
import { updateProfileSchema } from './profile.schema';

describe('the profile form (issue 56)', () => {
  const message = (name: unknown) => updateProfileSchema.safeParse({ name }).error?.issues[0]?.message;

  it('names each problem of the name by its own text', () => {
    expect(message('x'.repeat(300))).toBe(profileMessages.nameTooLong);
    expect(profileMessages.nameTooLong).toBe('Name must be at most 255 characters');
    expect(message('')).toBe(profileMessages.nameRequired);
    expect(message(undefined)).toBe(profileMessages.nameRequired);
    expect(message('Jo')).toBe(profileMessages.nameMin);
    expect(updateProfileSchema.safeParse({ name: 'x'.repeat(TEXT_MAX_LENGTH) }).success).toBe(true);
  });
});

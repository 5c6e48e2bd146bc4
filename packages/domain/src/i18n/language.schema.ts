import { z } from 'zod';
import { LANGUAGES } from './catalogue';

/** A language of the catalogue (issue 60). */
export const languageField = z.enum(LANGUAGES);

/** POST /profile/setLanguage (the Settings page's language). */
export const setLanguageSchema = z.object({ language: languageField });
export type SetLanguageInput = z.input<typeof setLanguageSchema>;

/**
 * The language chosen on the sign-in page, sent with the call that opens a session and kept as the
 * user's: a hint, so a value that is no language is left unused, not refused.
 */
export const languageHint = languageField.optional().catch(undefined);

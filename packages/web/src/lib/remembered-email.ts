/**
 * "Remember me" keeps only the email in this browser (DECISIONS.md: the password is never stored
 * here). Storage may be unavailable (private mode, blocked cookies): then nothing is remembered.
 */
const KEY = 'palisade.rememberedEmail';

export function getRememberedEmail(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberEmail(email: string): void {
  try {
    localStorage.setItem(KEY, email);
  } catch {
    // Nothing to do: the user simply types the email next time.
  }
}

export function forgetEmail(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}

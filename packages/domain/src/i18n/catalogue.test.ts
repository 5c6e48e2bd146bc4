import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { loadErrorMessages } from '../messages/load-errors';
import { responseNameMessages } from '../messages/response-names';
import { ssoSignInMessages } from '../sso/sso-sign-in.messages';
import { timeZoneMessages } from '../organisations/time-zone.messages';
import { emailField } from '../auth/auth.schema';
import { hindi } from './hi/tables';
import { registerHindi } from './hi/index';
import { englishCatalogue, pickLanguage, PSEUDO_LANGUAGE, translateText, withLanguage } from './catalogue';

registerHindi();
// Parts that messages.ts does not gather: loaded here so that the catalogue holds every part.
void [loadErrorMessages, responseNameMessages, ssoSignInMessages, timeZoneMessages];

type Leaf = 'text' | 'function';

/** Each leaf of a part by its path: a text or a text function. */
function leaves(node: unknown, path = '', into = new Map<string, Leaf>()): Map<string, Leaf> {
  if (typeof node === 'string') into.set(path, 'text');
  else if (typeof node === 'function') into.set(path, 'function');
  else if (node !== null && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) leaves(child, path ? `${path}.${key}` : key, into);
  }
  return into;
}

function textAt(node: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((n, key) => (n !== null && typeof n === 'object' ? (n as Record<string, unknown>)[key] : undefined), node);
}

describe('the catalogue in every language (issue 60)', () => {
  const english = englishCatalogue();
  const tables: Record<string, unknown> = hindi;

  it('has a Hindi table for every English part and no other', () => {
    expect(english.size).toBeGreaterThan(35);
    expect(Object.keys(tables).sort()).toEqual([...english.keys()].sort());
  });

  it.each([...english.keys()])('%s: every key in English is in Hindi, of the same kind, and no other', (part) => {
    const en = leaves(english.get(part));
    const hi = leaves(tables[part]);
    expect([...hi.entries()].sort()).toEqual([...en.entries()].sort());
  });

  it('translates the texts: a Hindi text equal to its English one is no words (a file name, a dash, a number format)', () => {
    const same: string[] = [];
    for (const [part, node] of english) {
      for (const [path, kind] of leaves(node)) {
        if (kind !== 'text') continue;
        const en = textAt(node, path) as string;
        const hi = textAt(tables[part], path);
        expect(typeof hi === 'string' && hi.trim().length > 0, `${part}.${path} is empty`).toBe(true);
        if (hi === en && /[A-Za-z]{3,}\s+[A-Za-z]{2,}/.test(en)) same.push(`${part}.${path}: ${en}`);
      }
    }
    expect(same).toEqual([]);
  });

  it('reads each text in the language of the moment, English by default', () => {
    expect(messages.common.ok).toBe('Ok');
    withLanguage('hi', () => {
      expect(messages.common.errorTitle).toBe(hindi.coreMessages.common.errorTitle);
      expect(messages.auth.signInWait(3)).toBe(hindi.coreMessages.auth.signInWait(3));
      expect(messages.learning).toBe(messages.learning);
    });
    expect(messages.auth.signInWait(1)).toContain('1 second before');
  });

  it('translates a text made before the language was known: a schema message, a text function with its arguments', () => {
    const issue = emailField.safeParse('');
    expect(issue.success).toBe(false);
    const message = issue.error?.issues[0]?.message ?? '';
    expect(message).toBe('Email is required');
    expect(withLanguage('hi', () => translateText(message))).toBe(hindi.coreMessages.auth.emailRequired);
    const made = messages.auth.accountLocked(15);
    expect(withLanguage('hi', () => translateText(made))).toBe(hindi.coreMessages.auth.accountLocked(15));
    expect(withLanguage('hi', () => translateText('Acme Ltd'))).toBe('Acme Ltd');
    // Its arguments that are catalogue texts in the same language ("Sub Category" in a limit's text).
    const limit = messages.learning.tooLong('Sub Category', 50);
    expect(withLanguage('hi', () => translateText(limit))).toBe(hindi.learningMessages.tooLong(hindi.learningMessages.subCategory, 50));
    expect(translateText(message)).toBe(message);
  });

  it('reads back in English a text made while Hindi was chosen (a module loaded then), a text function with its arguments too', () => {
    const hindiMessage = withLanguage('hi', () => messages.auth.emailRequired);
    expect(hindiMessage).toBe(hindi.coreMessages.auth.emailRequired);
    expect(translateText(hindiMessage)).toBe('Email is required');
    const hindiLimit = withLanguage('hi', () => messages.learning.tooLong(messages.learning.subCategory, 50));
    expect(hindiLimit).toBe(hindi.learningMessages.tooLong(hindi.learningMessages.subCategory, 50));
    expect(translateText(hindiLimit)).toBe(messages.learning.tooLong(messages.learning.subCategory, 50));
    expect(withLanguage('hi', () => translateText(hindiLimit))).toBe(hindiLimit);
    expect(withLanguage(PSEUDO_LANGUAGE, () => translateText(hindiMessage))).toBe('⟦Email is required⟧');
    const marked = withLanguage(PSEUDO_LANGUAGE, () => messages.auth.emailRequired);
    expect(translateText(marked)).toBe('Email is required');
  });

  it('marks every text in the pseudo-language', () => {
    withLanguage(PSEUDO_LANGUAGE, () => {
      expect(messages.common.ok).toBe('⟦Ok⟧');
      expect(messages.web.welcome('Asha')).toBe('⟦Welcome, Asha⟧');
    });
  });

  it('picks the first language the catalogue has from Accept-Language or the browser list', () => {
    expect(pickLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(pickLanguage('en-GB,hi;q=0.5')).toBe('en');
    expect(pickLanguage('fr-FR, hi;q=0.4')).toBe('hi');
    expect(pickLanguage('de')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage(['fr', 'hi-IN', 'en'])).toBe('hi');
  });
});

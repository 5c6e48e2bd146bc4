import { z } from 'zod';

/** An Emotion class name's id (the part after `css-`), or a keyframes' name. */
const STYLE_ID = /^[\w-]+$/;

/** One page's first styles: Emotion's ids and the rules they stand for, in insertion order. */
export const pageStylesSchema = z.object({
  ids: z.array(z.string().regex(STYLE_ID)),
  // A rule that could end the style element is never put in the document.
  rules: z.array(z.string().refine((rule) => !/<\/style/i.test(rule))),
});
export type PageStyles = z.infer<typeof pageStylesSchema>;

/**
 * first-styles.json (issue 63): the Emotion styles the sign-in page and each shell's first visit
 * make, captured from the built app (e2e first-styles.spec.ts); checked by the web build that
 * copies it (web build/first-styles.ts) and by the server that reads the copy (plugins/web-index.ts).
 */
export const firstStylesSchema = z.object({
  signIn: pageStylesSchema.optional(),
  shells: z.record(z.string(), pageStylesSchema).default({}),
});

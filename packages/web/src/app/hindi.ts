import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-500.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
import { hiIN } from '@mui/material/locale';
import { registerHindi } from '@palisade/domain/i18n/hi/index';

/**
 * Everything Hindi screens need beyond English ones (issue 60), in one chunk fetched only when a
 * user chooses Hindi: the catalogue's table, MUI's own texts (pagination, breadcrumbs), dayjs's
 * month and day names for the date pickers, and a Devanagari font (a browser without one would
 * show empty boxes; the theme names it after the Latin one, so English text keeps its own).
 */
/** The weights the theme writes in (body, medium, headings and buttons, bold). */
const WEIGHTS = [400, 500, 600, 700];

export async function installHindi(): Promise<{ muiLocale: object; dayjsLocale: string; apply: (on: boolean) => void }> {
  registerHindi();
  // Each weight's face before the first Hindi text: a face fetched only once text needs it leaves
  // that text in empty boxes meanwhile (for good, in Chromium, where no system font has Devanagari).
  if (typeof document !== 'undefined' && 'fonts' in document) {
    await Promise.all(WEIGHTS.map((weight) => document.fonts.load(`${weight} 16px "Noto Sans Devanagari"`, 'हिन्दी').catch(() => [])));
  }
  // dayjs's month names ("नवंबर 2026") while the screens are in Hindi.
  return { muiLocale: hiIN, dayjsLocale: 'hi', apply: (on) => dayjs.locale(on ? 'hi' : 'en') };
}

import { PRODUCT_NAME } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { currentLanguage, isLanguage } from '@palisade/domain/i18n/catalogue';

const t = messages.notifications;

/** What one event's mail says; the layout below renders it as plain text and as HTML. */
export interface MailContent {
  subject: string;
  /** The opening sentence(s). */
  intro: string;
  /** Items listed under it (the rejected questions of a reassessment). */
  items?: readonly string[];
  /** Absolute URL of the screen where the user acts. */
  actionUrl: string;
  /** Absolute URL of the page that turns this kind's mails off. */
  unsubscribeUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The mail's language attribute: the language it is rendered in. */
function mailLanguage(): string {
  const language = currentLanguage();
  return isLanguage(language) ? language : 'en';
}

/** One template for every event: the portal's name, the text, the action link and the unsubscribe link. */
export function renderMail(content: MailContent): RenderedMail {
  const subject = `${PRODUCT_NAME}: ${content.subject}`;
  const items = content.items ?? [];
  const text = [
    PRODUCT_NAME,
    '',
    content.intro,
    ...(items.length > 0 ? ['', ...items.map((i) => `- ${i}`)] : []),
    '',
    `${t.mailOpen}: ${content.actionUrl}`,
    '',
    '--',
    t.mailFooter(PRODUCT_NAME),
    `${t.mailUnsubscribe}: ${content.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${mailLanguage()}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#172b4d;background:#F4F6F8;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="font-size:20px;font-weight:700;color:#5664d2;margin:0 0 16px">${escapeHtml(PRODUCT_NAME)}</p>
<p style="font-size:15px;line-height:1.5">${escapeHtml(content.intro)}</p>
${items.length > 0 ? `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(content.actionUrl)}" style="display:inline-block;background:#5664d2;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(t.mailOpen)}</a></p>
<hr style="border:none;border-top:1px solid #e0e0e0;margin:24px 0 12px">
<p style="font-size:12px;color:#546e7a">${escapeHtml(t.mailFooter(PRODUCT_NAME))}<br><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#546e7a">${escapeHtml(t.mailUnsubscribe)}</a></p>
</div>
</body></html>
`;
  return { subject, text, html };
}

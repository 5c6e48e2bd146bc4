import type { Translation } from '../catalogue';
import type { ssoMessages } from '../../sso/sso.messages';
import { hiSsoSignInMessages } from './sso-sign-in.messages';

export const hiSsoMessages: Translation<typeof ssoMessages> = {
  ...hiSsoSignInMessages,

  cardTitle: 'सिंगल साइन-ऑन',
  cardIntro:
    'अपने कर्मचारियों को अपने स्वयं के आइडेंटिटी प्रोवाइडर (OpenID Connect) से साइन इन करने दें। नीचे दिया गया रीडायरेक्ट पता प्रोवाइडर के पास रजिस्टर करें, फिर प्रोवाइडर से मिली जानकारी यहाँ दर्ज करें।',
  redirectUriLabel: 'प्रोवाइडर के पास रजिस्टर करने के लिए रीडायरेक्ट पता',
  issuer: 'इश्यूअर URL',
  clientId: 'क्लाइंट ID',
  clientSecret: 'क्लाइंट सीक्रेट',
  secretStored: 'सहेजा गया (इसे बनाए रखने के लिए खाली छोड़ें)',
  stored: 'सहेजा गया',
  replaceSecret: 'सीक्रेट बदलें',
  domains: 'ईमेल डोमेन',
  domainsHelp:
    'वे ईमेल डोमेन जिन्हें आपका प्रोवाइडर साइन इन कराता है, कॉमा से अलग करके (example.com, example.co.uk)।',
  requireSso: 'इन डोमेन के लिए सिंगल साइन-ऑन अनिवार्य करें (इनके पासवर्ड अस्वीकार किए जाएँगे)',
  testSignIn: 'साइन इन का परीक्षण करें',
  save: 'सहेजें',
  remove: 'सिंगल साइन-ऑन हटाएँ',
  removeConfirm: 'सिंगल साइन-ऑन हटाएँ? इन डोमेन के सभी उपयोगकर्ता फिर से पासवर्ड से साइन इन करेंगे।',
  cancel: 'रद्द करें',
  saved: 'सिंगल साइन-ऑन सहेजा गया',
  removed: 'सिंगल साइन-ऑन हटाया गया',
  notConfigured: 'सिंगल साइन-ऑन सेट अप नहीं है।',
  configured: 'सिंगल साइन-ऑन चालू है।',
  testPassed: 'प्रोवाइडर और क्लाइंट स्वीकार कर लिए गए। सिंगल साइन-ऑन चालू करने के लिए सहेजें।',
  testFailed: 'परीक्षण सफल नहीं हुआ: नीचे दी गई जाँचें देखें।',
  checks: {
    discovery: 'प्रोवाइडर का डिस्कवरी दस्तावेज़',
    pkce: 'PKCE (S256) के साथ ऑथराइज़ेशन कोड फ़्लो',
    client: 'क्लाइंट ID और सीक्रेट',
    redirect: 'रीडायरेक्ट पता रजिस्टर है',
  },

  issuerRequired: 'इश्यूअर URL आवश्यक है',
  issuerInvalid: 'इश्यूअर URL एक https:// पता होना चाहिए (http:// केवल localhost के लिए)',
  clientIdRequired: 'क्लाइंट ID आवश्यक है',
  clientSecretRequired: 'क्लाइंट सीक्रेट आवश्यक है',
  tooLong: (field: string, max: number) => `${field} अधिकतम ${max} वर्णों का हो सकता है`,
  domainsRequired: 'कम से कम एक ईमेल डोमेन दर्ज करें',
  domainInvalid: (domain: string) => `"${domain}" कोई ईमेल डोमेन नहीं है`,
  tooManyDomains: (max: number) => `अधिकतम ${max} ईमेल डोमेन`,
  domainTaken: (domain: string) => `डोमेन ${domain} पहले से किसी अन्य संगठन के सिंगल साइन-ऑन में उपयोग हो रहा है`,
  notSetUp: 'इस संगठन के लिए सिंगल साइन-ऑन सेट अप नहीं है',
};

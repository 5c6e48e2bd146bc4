import type { Translation } from '../catalogue';
import type { profileMessages } from '../../messages/profile';
import { TEXT_MAX_LENGTH } from '../../constants';

export const hiProfileMessages: Translation<typeof profileMessages> = {
  title: 'प्रोफ़ाइल',
  accountTitle: 'खाता',
  devicesTitle: 'साइन इन किए गए डिवाइस',
  devicesHint:
    'क्या आप किसी ऐसे डिवाइस पर साइन इन हैं जिसका अब उपयोग नहीं करते, या किसी साझा कंप्यूटर पर? अन्य सभी सत्र समाप्त करें; यह सत्र साइन इन रहेगा।',
  settingsTitle: 'सेटिंग्स',
  name: 'नाम',
  email: 'ईमेल',
  phone: 'फ़ोन नंबर',
  location: 'स्थान',
  code: 'कोड',
  organisation: 'संगठन',
  userType: 'भूमिका',
  uploadPicture: 'चित्र अपलोड करें',
  save: 'विवरण सहेजें',
  saved: 'प्रोफ़ाइल सफलतापूर्वक अपडेट की गई',
  imageUpdated: 'प्रोफ़ाइल चित्र सफलतापूर्वक अपडेट किया गया',
  nameRequired: 'नाम आवश्यक है',
  nameMin: 'नाम कम से कम 3 वर्णों का होना चाहिए',
  nameTooLong: `नाम अधिकतम ${TEXT_MAX_LENGTH} वर्णों का हो सकता है`,
  phoneInvalid: 'फ़ोन नंबर अमान्य है',
  locationTooLong: 'स्थान अधिकतम 255 वर्णों का हो सकता है',
  imageTypeNotSupported: 'यह फ़ाइल प्रकार समर्थित नहीं है',
  emailNotifications: 'ईमेल सूचनाएँ',
  emailNotificationsHelp: 'जब किसी मूल्यांकन या सूचना पर मेरा ध्यान आवश्यक हो, तो मुझे ईमेल भेजें',
  languageTitle: 'भाषा',
  languageHelp: 'आपकी स्क्रीन, संदेशों और ईमेल की भाषा',
  preferencesSaved: 'प्राथमिकताएँ सहेजी गईं',
};

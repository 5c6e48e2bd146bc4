import type { Translation } from '../catalogue';
import type { companyPickerMessages } from '../../messages/company-picker';

export const hiCompanyPickerMessages: Translation<typeof companyPickerMessages> = {
  searching: 'खोजा जा रहा है…',
  noMatches: 'कोई कंपनी मेल नहीं खाती',
  firstMatches: (shown: number, total: number) =>
    `${total} में से पहली ${shown} कंपनियाँ: सूची छोटी करने के लिए नाम का और हिस्सा लिखें`,
  unknownCompany: 'अज्ञात कंपनी',
  open: 'कंपनियों की सूची खोलें',
  close: 'कंपनियों की सूची बंद करें',
  clear: 'चयन हटाएँ',
};

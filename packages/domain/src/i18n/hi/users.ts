import type { Translation } from '../catalogue';
import type { usersMessages } from '../../messages/users';

export const hiUsersMessages: Translation<typeof usersMessages> = {
  emailExists: 'यह ईमेल पहले से मौजूद है',
  nameExists: 'यह नाम पहले से मौजूद है',
  nameNoExists: 'यह नाम पहले से मौजूद है',
  phoneExists: 'यह फ़ोन नंबर पहले से मौजूद है',
  codeExists: 'यह कोड पहले से मौजूद है',
  emailNoExists: 'यह ईमेल पहले से मौजूद है',
  nameInvalid: 'नाम अमान्य है',
  codeInvalid: 'कोड अमान्य है',
  locationRequired: 'स्थान आवश्यक है',
  locationInvalid: 'स्थान अमान्य है',
  validEmail: 'कृपया मान्य ईमेल दर्ज करें',
  bulkFormat:
    'फ़ाइल सही फ़ॉर्मेट में नहीं है। कृपया ऊपर दिए गए लिंक से नमूना फ़ाइल डाउनलोड करें और फिर से प्रयास करें।',
  notCsv: (name: string) =>
    `${name} CSV फ़ाइल नहीं है। शीट को CSV (कॉमा या सेमीकोलन से अलग) के रूप में सहेजें और .csv फ़ाइल चुनें।`,
  failedStatus: 'खाते की स्थिति बदलने में विफल',
  companiesAdded: 'कंपनियाँ सफलतापूर्वक जोड़ी गईं',
  auditorAdded: 'ऑडिटर सफलतापूर्वक जोड़ा गया',
  auditorEdited: 'ऑडिटर सफलतापूर्वक संपादित किया गया',
  auditorDeleted: 'ऑडिटर सफलतापूर्वक हटाया गया',
  companyAdded: 'कंपनी सफलतापूर्वक जोड़ी गई',
  companyEdited: 'कंपनी सफलतापूर्वक संपादित की गई',
  companyDeleted: 'कंपनी सफलतापूर्वक हटाई गई',
  auditorToggled: (enabled: boolean) =>
    enabled ? 'ऑडिटर सफलतापूर्वक सक्रिय किया गया' : 'ऑडिटर सफलतापूर्वक निष्क्रिय किया गया',
  companyToggled: (enabled: boolean) =>
    enabled ? 'कंपनी सफलतापूर्वक सक्रिय की गई' : 'कंपनी सफलतापूर्वक निष्क्रिय की गई',
  confirmDelete: (name: string) => `क्या आप वाकई ${name} को हटाना चाहते हैं?`,
  confirmToggle: (enable: boolean) =>
    enable ? 'आप इस उपयोगकर्ता को सक्रिय करना चाहते हैं' : 'आप इस उपयोगकर्ता को निष्क्रिय करना चाहते हैं',
  confirmToggleShared: (enable: boolean) =>
    enable
      ? 'आप इस उपयोगकर्ता को केवल अपने संगठन के लिए सक्रिय करना चाहते हैं। यह जिन अन्य संगठनों के लिए काम करता है, उनमें कोई बदलाव नहीं होगा।'
      : 'आप इस उपयोगकर्ता को केवल अपने संगठन के लिए निष्क्रिय करना चाहते हैं। यह जिन अन्य संगठनों के लिए काम करता है, उनके लिए सक्रिय रहेगा।',
  nameRequired: 'नाम आवश्यक है',
  nameMin: 'नाम कम से कम 3 वर्णों का होना चाहिए',
  emailRequired: 'ईमेल आवश्यक है',
  contactPersonRequired: 'संपर्क व्यक्ति आवश्यक है',
  contactPersonInvalid: 'संपर्क व्यक्ति अमान्य है',
  tooLong: (field: string, max: number) => `${field} अधिकतम ${max} वर्णों का हो सकता है`,
  nothingToUpdate: 'अपडेट करने के लिए कुछ नहीं है',
  sharedAccount: 'यह खाता किसी अन्य संगठन के लिए भी काम करता है। इसे बदलने के लिए ऑपरेटर से कहें।',
  bulkEmpty: 'फ़ाइल में कंपनी की कोई पंक्ति नहीं है',
  bulkTooMany: (max: number) => `एक फ़ाइल में अधिकतम ${max} कंपनियाँ हो सकती हैं`,
  bulkDuplicateOf: (row: number) => `पंक्ति ${row} की डुप्लिकेट`,
  noCompaniesAdded: 'कोई कंपनी नहीं जोड़ी गई',
  searchTooLong: (max: number) => `search अधिकतम ${max} वर्णों का हो सकता है`,
  searchLocationTooLong: (max: number) => `location अधिकतम ${max} वर्णों का हो सकता है`,
  searchStatusInvalid: "status का मान 'active' या 'inactive' होना चाहिए",
  searchFieldsInvalid: "fields का मान 'full' या 'picker' होना चाहिए",
  searchIdsList: 'ids ठेकेदारों की आईडी की सूची होनी चाहिए',
  searchIdsTooMany: (max: number) => `ids में अधिकतम ${max} ठेकेदार हो सकते हैं`,
  inviteMailText: (who: string, organisation: string, account: string, link: string) =>
    `नमस्ते ${who},\n\n${organisation} ने ${account} को अपने आपूर्तिकर्ता सुरक्षा एवं अनुपालन पोर्टल, Palisade में आमंत्रित किया है।\n\nअपना पासवर्ड चुनने के लिए इस लिंक पर जाएँ। यह केवल एक बार काम करता है और 7 दिनों में समाप्त हो जाता है।\n\n${link}\n\nयदि लिंक की समय-सीमा समाप्त हो गई है, तो साइन इन पेज पर "पासवर्ड भूल गए?" का उपयोग करें।`,
};

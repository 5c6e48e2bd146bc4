import type { Translation } from '../catalogue';
import type { complianceMessages } from '../../compliance/compliance.messages';

export const hiComplianceMessages: Translation<typeof complianceMessages> = {
  required: (field: string) => `${field} आवश्यक है`,
  invalid: (field: string) => `${field} अमान्य है`,
  tooLong: (field: string, max: number) => `${field} में अधिकतम ${max} अक्षर हो सकते हैं`,
  nameRequired: 'नाम आवश्यक है',
  scopeInvalid: 'appliesTo का मान ALL, COMPANIES या LOCATIONS होना चाहिए',
  reviewerInvalid: 'reviewer का मान ORGANISATION, AUDITORS या BOTH होना चाहिए',
  companiesRequired: 'कम से कम एक कंपनी चुनें',
  locationsRequired: 'कम से कम एक स्थान चुनें',
  tooManyTargets: (max: number) => `अधिकतम ${max} चुनें`,
  reminderDaysInvalid: (max: number) => `रिमाइंडर के दिन 1 से ${max} तक के पूर्ण दिन होने चाहिए`,
  reminderDaysTooMany: (max: number) => `अधिकतम ${max} रिमाइंडर दिन`,
  reminderDaysRequired: 'समाप्त होने वाली आवश्यकता के लिए कम से कम एक रिमाइंडर दिन आवश्यक है',
  tooManyRequirements: (max: number) => `एक संगठन में अधिकतम ${max} आवश्यकताएँ हो सकती हैं`,
  nameTaken: 'इस नाम की आवश्यकता पहले से मौजूद है',
  requirementNotFound: 'आवश्यकता नहीं मिली',
  requirementRetired: 'यह आवश्यकता निष्क्रिय कर दी गई है',
  requirementNotApplicable: 'यह आवश्यकता आपकी कंपनी पर लागू नहीं होती',
  documentNotFound: 'दस्तावेज़ नहीं मिला',
  contractorNotFound: 'ठेकेदार नहीं मिला',
  dayInvalid: (field: string) => `${field} YYYY-MM-DD प्रारूप में तिथि होनी चाहिए`,
  issueDateRequired: 'जारी करने की तिथि आवश्यक है',
  issueDateFuture: 'जारी करने की तिथि भविष्य की नहीं हो सकती',
  expiryDateRequired: 'इस आवश्यकता के लिए समाप्ति तिथि आवश्यक है',
  expiryBeforeIssue: 'समाप्ति तिथि जारी करने की तिथि से पहले की नहीं हो सकती',
  expiryInPast: 'समाप्ति तिथि अतीत की नहीं हो सकती',
  expiryTooFar: (years: number) => `समाप्ति तिथि ${years} वर्षों के भीतर होनी चाहिए`,
  fileRequired: 'अपलोड करने के लिए कोई फ़ाइल चुनें',
  fileEmpty: 'फ़ाइल खाली है',
  fileType: 'दस्तावेज़ PDF, JPEG या PNG फ़ाइल होना चाहिए',
  multipart: 'दस्तावेज़ multipart/form-data के रूप में भेजें',
  decisionInvalid: 'decision का मान ACCEPTED या REJECTED होना चाहिए',
  remarkRequired: 'दस्तावेज़ अस्वीकार करने के लिए टिप्पणी आवश्यक है',
  alreadyReviewed: 'इस दस्तावेज़ की समीक्षा पहले ही की जा चुकी है',
  documentSuperseded: 'इस दस्तावेज़ का नया संस्करण बाद में अपलोड किया गया है: कृपया उसकी समीक्षा करें',
  notReviewer: 'आप इस आवश्यकता के समीक्षक नहीं हैं',
  statusInvalid: 'status इनमें से एक होना चाहिए: MISSING, SUBMITTED, VALID, EXPIRING, EXPIRED, REJECTED',
  requirementCreated: 'आवश्यकता जोड़ दी गई',
  requirementUpdated: 'आवश्यकता अपडेट कर दी गई',
  requirementRetiredDone: 'आवश्यकता निष्क्रिय कर दी गई',
  documentUploaded: 'दस्तावेज़ अपलोड किया गया',
  documentAccepted: 'दस्तावेज़ स्वीकार किया गया',
  documentRejected: 'दस्तावेज़ अस्वीकार किया गया',
  statusLabels: {
    MISSING: 'अनुपलब्ध',
    SUBMITTED: 'जमा किया गया',
    VALID: 'मान्य',
    EXPIRING: 'समाप्त होने वाला',
    EXPIRED: 'समाप्त',
    REJECTED: 'अस्वीकृत',
  },
  overallLabels: {
    COMPLIANT: 'अनुपालन में',
    EXPIRING: 'समाप्त होने वाला',
    NOT_COMPLIANT: 'अनुपालन में नहीं',
  },
  scopeLabels: {
    ALL: 'सभी ठेकेदार',
    COMPANIES: 'चुनी गई कंपनियाँ',
    LOCATIONS: 'चुने गए स्थान',
  },
  reviewerLabels: {
    ORGANISATION: 'संगठन',
    AUDITORS: 'संगठन के ऑडिटर',
    BOTH: 'संगठन या उसके ऑडिटर',
  },
  csvHeaders: {
    company: 'कंपनी',
    location: 'स्थान',
    overall: 'समग्र स्थिति',
  },
  submitted: (contractor: string, requirement: string) => ({
    title: `समीक्षा के लिए दस्तावेज़: ${requirement}`,
    body: `${contractor} ने ${requirement} के लिए एक दस्तावेज़ अपलोड किया है।`,
  }),
  reviewed: (requirement: string, accepted: boolean, remark: string) => ({
    title: accepted ? `दस्तावेज़ स्वीकृत: ${requirement}` : `दस्तावेज़ अस्वीकृत: ${requirement}`,
    body: remark
      ? `${accepted ? 'स्वीकृत' : 'अस्वीकृत'}, टिप्पणी: ${remark}`
      : accepted
        ? 'आपका दस्तावेज़ स्वीकार कर लिया गया है।'
        : 'आपका दस्तावेज़ अस्वीकार कर दिया गया है।',
  }),
  expiresIn: (requirement: string, days: number, expiry: string) => ({
    title: `${requirement} की वैधता ${days} दिन में समाप्त होगी`,
    body: `आपके ${requirement} की वैधता ${expiry} को समाप्त होगी। उससे पहले नवीनीकृत दस्तावेज़ अपलोड करें।`,
  }),
  expiresToday: (requirement: string, expiry: string) => ({
    title: `${requirement} की वैधता आज समाप्त हो रही है`,
    body: `आपके ${requirement} की वैधता आज (${expiry}) समाप्त हो रही है। नवीनीकृत दस्तावेज़ अभी अपलोड करें।`,
  }),
  digest: (expiring: number, expired: number) => ({
    title: `अनुपालन: ${expiring} 30 दिनों में समाप्त होंगे, ${expired} समाप्त हो चुके हैं`,
    body: `ठेकेदारों के ${expiring} दस्तावेज़ अगले 30 दिनों में समाप्त होंगे और ${expired} समाप्त हो चुके हैं।`,
  }),
};

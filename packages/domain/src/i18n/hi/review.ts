import type { Translation } from '../catalogue';
import type { reviewMessages } from '../../messages/review';
import { dayText } from '../../messages-core';

export const hiReviewMessages: Translation<typeof reviewMessages> = {
  companyIdsRequired: 'companyIds आवश्यक है',
  tooManyCompanyIds: 'एक अनुरोध में अधिकतम 50 companyIds भेजे जा सकते हैं',
  pageInvalid: 'page, 1 या उससे बड़ी पूर्ण संख्या होनी चाहिए',
  pageSizeInvalid: 'pageSize, 1 से 200 तक की पूर्ण संख्या होनी चाहिए',
  sortInvalid: 'sort का मान NTO या OTN होना चाहिए',
  statusInvalid: 'status अमान्य है',
  organisationNotFound: 'संगठन नहीं मिला',
  assessStatusInvalid: 'assessStatus का मान ACCEPTED, REJECTED या NONE होना चाहिए',
  remarksTooLong: 'टिप्पणी अधिकतम 1000 अक्षरों की हो सकती है',
  remarksInvalid: 'टिप्पणी टेक्स्ट के रूप में होनी चाहिए',
  notJudgeablePending: 'प्रतिक्रिया अभी जमा नहीं की गई है: इस पर निर्णय नहीं दिया जा सकता',
  notJudgeableReassessment:
    'प्रतिक्रिया पुनर्मूल्यांकन में है: दोबारा जमा किए जाने तक यह कंपनी के पास रहेगी',
  notJudgeableCompleted: 'प्रतिक्रिया पूर्ण हो चुकी है और अब इसे बदला नहीं जा सकता',
  scoreNotAllowed: 'किसी श्रेणी को स्कोर तभी दिया जा सकता है जब उसके सभी प्रश्न स्वीकार किए जा चुके हों',
  notAllJudged: 'पुनर्मूल्यांकन के लिए चिह्नित करने से पहले हर प्रश्न पर निर्णय दें',
  noneRejected: 'पुनर्मूल्यांकन के लिए चिह्नित करने से पहले कम से कम एक प्रश्न अस्वीकार करें',
  alreadyReassessment: 'प्रतिक्रिया पहले से पुनर्मूल्यांकन में है',
  notAllAccepted: 'पूर्ण के रूप में चिह्नित करने से पहले हर प्रश्न स्वीकार करें',
  enterScoreFor: (category: string) => `कृपया ${category} का स्कोर दर्ज करें`,
  dueDateBeforeCurrent: (current: string) =>
    `नई नियत तिथि वर्तमान नियत तिथि (${dayText(current)}) से पहले की नहीं हो सकती`,
  dueDateBeforeAssessment: (due: string) =>
    `नई नियत तिथि मूल्यांकन की नियत तिथि (${dayText(due)}) से पहले की नहीं हो सकती`,
  extendedOnlyReassessment: 'नई नियत तिथि केवल पुनर्मूल्यांकन के साथ ही दी जा सकती है',
  statusNotAllowed: 'आप यह स्थिति सेट नहीं कर सकते',
  completedLocked: 'प्रतिक्रिया पूर्ण हो चुकी है और अब इसे बदला नहीं जा सकता',
  newDueDateInvalid: 'newDueDate अमान्य है',
  updateDataRequired: 'updateData आवश्यक है',
  dueDateNote: (day: string) => `नियत तिथि बढ़ाकर ${dayText(day)} की गई`,
  dueDateClearedNote: 'नियत तिथि का विस्तार हटाया गया',
  noExportPermission: 'आपको मूल्यांकन डेटा निर्यात करने की अनुमति नहीं है',
  sheetSummary: 'सारांश',
  attachPending: 'प्रतिक्रिया अभी जमा नहीं की गई है: इसमें फ़ाइलें संलग्न नहीं की जा सकतीं',
  attachReassessment:
    'प्रतिक्रिया पुनर्मूल्यांकन में है: कंपनी के दोबारा जमा करने के बाद फ़ाइलें फिर से संलग्न की जा सकेंगी',
  attachCompleted: 'प्रतिक्रिया पूर्ण हो चुकी है और अब इसे बदला नहीं जा सकता',
  tooManyAuditorFiles: 'एक प्रश्न पर ऑडिटरों की अधिकतम 10 फ़ाइलें हो सकती हैं',
  auditorFileNotFound: (path: string) => `फ़ाइल नहीं मिली: ${path}`,
  notYourFile: 'आप केवल वही फ़ाइलें हटा सकते हैं जो आपने संलग्न की हैं',
  questionNotInResponse: 'यह प्रश्न इस प्रतिक्रिया में नहीं मिला',
  auditorFileAttached: 'फ़ाइल संलग्न की गई',
  auditorFileDeleted: 'फ़ाइल हटा दी गई',
};

import type { Translation } from '../catalogue';
import type { chatMessages } from '../../messages/chat';

export const hiChatMessages: Translation<typeof chatMessages> = {
  notFound: 'चैट नहीं मिली',
  questionNotFound: 'इस प्रतिक्रिया में प्रश्न नहीं मिला',
  empty: 'संदेश लिखें या फ़ाइल संलग्न करें',
  multipart: 'संदेश multipart/form-data के रूप में भेजें',
  oneFile: 'एक संदेश के साथ केवल एक फ़ाइल भेजी जा सकती है',
  tooLong: 'एक संदेश में अधिकतम 2000 वर्ण हो सकते हैं',
  messageText: 'message टेक्स्ट होना चाहिए',
  limit: 'limit 1 से 100 तक की पूर्ण संख्या होनी चाहिए',
  beforeNotFound: 'before: इस चैट में संदेश नहीं मिला',
  sinceInvalid: 'since एक ISO तिथि होनी चाहिए',
  badFrame: 'संदेश पढ़ा नहीं जा सका',
  notSubscribable: 'आप इस प्रतिक्रिया को फ़ॉलो नहीं कर सकते',
  accessEnded: 'अब आपके पास इस प्रतिक्रिया तक पहुँच नहीं है',
  tooManySubscriptions: 'एक कनेक्शन पर बहुत अधिक प्रतिक्रियाएँ फ़ॉलो की जा रही हैं',
  unauthenticated: 'चैट करने के लिए साइन इन करें',
  crossSite: 'क्रॉस-साइट कनेक्शन अस्वीकार किया गया',
  sent: 'संदेश भेजा गया',
  read: 'पढ़ा गया के रूप में चिह्नित',
};

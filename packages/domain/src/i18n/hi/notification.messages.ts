import type { Translation } from '../catalogue';
import type { notificationMessages } from '../../notifications/notification.messages';

export const hiNotificationMessages: Translation<typeof notificationMessages> = {
  bell: 'सूचनाएँ',
  bellUnread: (n: number) => (n === 1 ? 'सूचनाएँ, 1 अपठित' : `सूचनाएँ, ${n} अपठित`),
  menuTitle: 'सूचनाएँ',
  empty: 'कुछ नया नहीं',
  markAllRead: 'सभी को पढ़ा हुआ चिह्नित करें',
  markRead: 'पढ़ा हुआ चिह्नित करें',
  seeAll: 'सभी सूचनाएँ देखें',
  pageTitle: 'सूचनाएँ',
  pageEmpty: 'आपके लिए अभी तक कोई सूचना नहीं है',
  listLabel: 'सभी सूचनाएँ',
  unreadMark: 'अपठित',
  notFound: 'सूचना नहीं मिली',
  settingsTitle: 'सूचनाएँ',
  settingsHelp: 'घंटी के नीचे आपको सभी सूचनाएँ हमेशा दिखती हैं। चुनें कि उनमें से कौन-सी सूचनाएँ ईमेल से भी आएँ।',
  emailFor: (label: string) => `ईमेल: ${label}`,
  preferenceSaved: 'प्राथमिकताएँ सहेजी गईं',
  kindLabels: {
    assessment_shared: 'आपके साथ कोई मूल्यांकन साझा किया गया',
    response_submitted: 'कोई प्रतिक्रिया जमा की गई',
    reassessment: 'कोई प्रतिक्रिया पुनर्मूल्यांकन के लिए चिह्नित की गई',
    completed: 'कोई प्रतिक्रिया पूर्ण हुई',
    due_soon: 'किसी मूल्यांकन की नियत तिथि 3 दिन में है',
    overdue: 'किसी मूल्यांकन की समय-सीमा बीत गई',
    chat_unread: 'चैट संदेश जो आपने नहीं पढ़े',
    policy_document: 'नया नीति दस्तावेज़',
    notice: 'नया नोटिस',
    compliance_submitted: 'समीक्षा के लिए अनुपालन दस्तावेज़',
    compliance_reviewed: 'आपके अनुपालन दस्तावेज़ की समीक्षा हो गई',
    compliance_expiry: 'किसी अनुपालन दस्तावेज़ की वैधता समाप्त होने वाली है',
    compliance_digest: 'साप्ताहिक अनुपालन सारांश',
    export_ready: 'आपका डेटा निर्यात तैयार है',
  },
  unsubscribeTitle: 'सदस्यता छोड़ें',
  unsubscribeAsk: (label: string) => `इसके लिए ईमेल बंद करें: ${label}?`,
  unsubscribeButton: 'सदस्यता छोड़ें',
  unsubscribed: (label: string) =>
    `अब आपको इसके लिए ईमेल नहीं मिलेंगे: ${label}। ऐप में सूचनाएँ चालू रहेंगी; आप इसे कभी भी सेटिंग्स में बदल सकते हैं।`,
  unsubscribeBadToken: 'सदस्यता छोड़ने का यह लिंक मान्य नहीं है',
  assessmentShared: (assessment: string, organisation: string) => ({
    title: `नया मूल्यांकन: ${assessment}`,
    body: `${organisation} ने मूल्यांकन ${assessment} आपके साथ साझा किया है।`,
  }),
  responseSubmitted: (contractor: string, assessment: string) => ({
    title: `प्रतिक्रिया जमा हुई: ${assessment}`,
    body: `${contractor} ने ${assessment} के लिए अपनी प्रतिक्रिया जमा कर दी है। यह समीक्षा के लिए तैयार है।`,
  }),
  reassessment: (assessment: string, questions: readonly string[], due: string) => ({
    title: `पुनर्मूल्यांकन का अनुरोध: ${assessment}`,
    body: `${assessment} के लिए आपकी प्रतिक्रिया में ${questions.length === 1 ? '1 प्रश्न' : `${questions.length} प्रश्नों`} में बदलाव ज़रूरी है (${questions.join('; ')})। नियत तिथि: ${due}।`,
  }),
  completed: (assessment: string, percent: string, band: string) => ({
    title: `पूर्ण: ${assessment}`,
    body: `${assessment} के लिए आपकी प्रतिक्रिया ${percent}% स्कोर (${band}) के साथ पूर्ण हो गई है।`,
  }),
  dueSoon: (assessment: string, due: string) => ({
    title: `नियत तिथि नज़दीक: ${assessment}`,
    body: `${assessment} के लिए आपकी प्रतिक्रिया की नियत तिथि ${due} है।`,
  }),
  overdue: (assessment: string, due: string) => ({
    title: `समय-सीमा पार: ${assessment}`,
    body: `${assessment} के लिए आपकी प्रतिक्रिया की नियत तिथि ${due} थी।`,
  }),
  chatUnread: (count: number, question: string, assessment: string) => ({
    title: `${count === 1 ? '1 अपठित संदेश' : `${count} अपठित संदेश`}: ${assessment}`,
    body: `${assessment} में "${question}" के बारे में।`,
  }),
  policyDocument: (title: string, organisation: string) => ({
    title: `नया नीति दस्तावेज़: ${title}`,
    body: `${organisation} ने नीति दस्तावेज़ ${title} प्रकाशित किया है।`,
  }),
  notice: (title: string, organisation: string) => ({
    title: `नया नोटिस: ${title}`,
    body: `${organisation} ने नोटिस ${title} पोस्ट किया है।`,
  }),
  bands: { GREEN: 'हरा', ORANGE: 'नारंगी', RED: 'लाल' },
  mailOpen: 'पोर्टल में खोलें',
  mailFooter: (product: string) => `आपको यह ईमेल इसलिए मिला है क्योंकि ${product} पर आपका खाता है।`,
  mailUnsubscribe: 'इन ईमेल की सदस्यता छोड़ें',
};

import type { Translation } from '../catalogue';
import type { auditMessages } from '../../audit/audit.messages';

export const hiAuditMessages: Translation<typeof auditMessages> = {
  title: 'गतिविधि',
  when: 'कब',
  who: 'किसने',
  action: 'कार्रवाई',
  what: 'क्या',
  open: 'खोलें',
  link: 'लिंक',
  rangeBackwards: 'अंतिम तिथि प्रारंभ तिथि से पहले की नहीं हो सकती',
  openLabel: (what: string) => `${what} खोलें`,
  person: 'व्यक्ति',
  anyone: 'कोई भी',
  entityKind: 'प्रकार',
  anyKind: 'कोई भी प्रकार',
  from: 'प्रारंभ तिथि',
  to: 'अंतिम तिथि',
  clear: 'फ़िल्टर हटाएँ',
  exportCsv: 'CSV निर्यात करें',
  empty: 'इन फ़िल्टरों से मेल खाती कोई गतिविधि नहीं है',
  system: 'सिस्टम',
  historyTitle: 'इतिहास',
  historyEmpty: 'अभी तक कोई इतिहास नहीं',
  changes: 'बदलाव',
  csvHeader: ['कब', 'किसने', 'भूमिका', 'कार्रवाई', 'प्रकार', 'ऑब्जेक्ट ID', 'पहले', 'बाद में', 'सारांश'],
  details: 'विवरण',
  yes: 'हाँ',
  no: 'नहीं',
  none: '—',
  items: (n: number) => (n === 1 ? '1 आइटम' : `${n} आइटम`),
  entities: {
    user: 'खाता',
    assessment: 'मूल्यांकन',
    assess_category: 'श्रेणी',
    question: 'प्रश्न',
    response: 'प्रतिक्रिया',
    observation: 'अवलोकन',
    policy_document: 'नीति दस्तावेज़',
    feedback: 'फ़ीडबैक',
    learning_document: 'प्रशिक्षण दस्तावेज़',
    learning_category: 'प्रशिक्षण श्रेणी',
    chat_message: 'चैट संदेश',
    compliance_requirement: 'अनुपालन आवश्यकता',
    compliance_document: 'अनुपालन दस्तावेज़',
  },
  fields: {
    section: 'खंड',
    status: 'स्थिति',
    name: 'नाम',
    email: 'ईमेल',
    phone: 'फ़ोन',
    location: 'स्थान',
    code: 'कोड',
    contactPersonName: 'संपर्क व्यक्ति',
    isActive: 'सक्रिय',
    deletedAt: 'हटाया गया',
    dueDate: 'नियत तिथि',
    newDueDate: 'बढ़ाई गई नियत तिथि',
    isDueDateExtended: 'नियत तिथि बढ़ाई गई',
    contractors: 'ठेकेदार',
    sections: 'खंड',
    questions: 'प्रश्न',
    answered: 'उत्तर दिए गए प्रश्न',
    totalQuestions: 'प्रश्न',
    completeSections: 'पूर्ण खंड',
    totalSections: 'खंड',
    scoredMarks: 'स्कोर',
    totalMarks: 'कुल अंक',
    scored: 'स्कोर',
    total: 'कुल अंक',
    judged: 'प्रतिक्रिया में निर्णय दिए गए प्रश्न',
    rejected: 'प्रतिक्रिया में अस्वीकृत प्रश्न',
    lastAccessTime: 'अंतिम गतिविधि',
    assessmentStatus: 'मूल्यांकन की स्थिति',
    auditorName: 'ऑडिटर',
    attachments: 'संलग्नक',
    attached: 'संलग्न',
    file: 'फ़ाइल',
    fileName: 'फ़ाइल',
    filePath: 'फ़ाइल',
    filename: 'फ़ाइल',
    fileSize: 'आकार',
    size: 'आकार',
    fileType: 'फ़ाइल का प्रकार',
    title: 'शीर्षक',
    description: 'विवरण',
    feedbackText: 'फ़ीडबैक',
    questText: 'प्रश्न',
    category: 'श्रेणी',
    srno: 'क्रमांक',
    reportedAt: 'रिपोर्ट किया गया',
    action: 'कार्रवाई',
    rootCauseAnalysis: 'टिप्पणी',
    kind: 'प्रकार',
    emailNotifications: 'ईमेल सूचनाएँ',
    topic: 'श्रेणी',
    subcat: 'उप-श्रेणी',
    type: 'प्रकार',
    rewards: 'पुरस्कार',
    totaltime: 'अवधि',
    item_url: 'लिंक',
    bulk: 'CSV अपलोड से',
    assoc_companies: 'संगठन',
  },
  learningCategoryKinds: { category: 'श्रेणी', subcategory: 'उप-श्रेणी' },
  observationActions: { 1: 'स्वीकार', 2: 'अस्वीकार', 3: 'डुप्लिकेट के रूप में चिह्नित' },
  sentences: {
    accountCreated: (kind: string, name: string | null, bulk: boolean) =>
      `${bulk ? 'CSV अपलोड से ' : ''}${kind}${name ? ` ${name}` : ''} जोड़ा`,
    accountEdited: (kind: string, name: string | null, fields: string[]) =>
      `${kind}${name ? ` ${name}` : ''} संपादित किया${fields.length > 0 ? `: ${fields.join(', ').toLowerCase()}` : ''}`,
    accountDisabled: (kind: string, name: string | null) => `${kind}${name ? ` ${name}` : ''} निष्क्रिय किया`,
    accountEnabled: (kind: string, name: string | null) => `${kind}${name ? ` ${name}` : ''} सक्रिय किया`,
    accountUnlinked: (kind: string, name: string | null) => `${kind}${name ? ` ${name}` : ''} को इस संगठन से हटाया`,
    accountDeleted: (kind: string, name: string | null) => `${kind}${name ? ` ${name}` : ''} हटाया`,
    accountImage: (kind: string, name: string | null, file: string | null) =>
      `${kind}${name ? ` ${name}` : ''} की प्रोफ़ाइल छवि बदली${file ? `: ${file}` : ''}`,
    accountKinds: { contractor: 'ठेकेदार', tpi: 'ऑडिटर', employee: 'कर्मचारी' },
    profileUpdated: (fields: string[]) =>
      `अपनी प्रोफ़ाइल अपडेट की${fields.length > 0 ? `: ${fields.join(', ').toLowerCase()}` : ''}`,
    profileImage: (file: string | null) => `अपनी प्रोफ़ाइल छवि बदली${file ? `: ${file}` : ''}`,
    emailsOn: 'ईमेल सूचनाएँ चालू कीं',
    languageChanged: (language: string) => `अपनी भाषा बदलकर ${language} की`,
    emailsOff: 'ईमेल सूचनाएँ बंद कीं',
    passwordSet: 'आमंत्रण से अपना पासवर्ड सेट किया',
    passwordReset: 'अपना पासवर्ड रीसेट किया',
    passwordChanged: 'अपना पासवर्ड बदला',
    signedOutOthers: 'अन्य सभी डिवाइस से साइन आउट किया',
    sessionRevoked: (device: string | null) => `एक सत्र से साइन आउट किया${device ? ` (${device})` : ''}`,
    twoFactorOn: 'टू-फ़ैक्टर प्रमाणीकरण चालू किया',
    organisationExported: 'संगठन के पूरे डेटा के निर्यात का अनुरोध किया',
    twoFactorOff: 'टू-फ़ैक्टर प्रमाणीकरण बंद किया',
    twoFactorReset: (name: string | null) => `${name ?? 'एक उपयोगकर्ता'} का टू-फ़ैक्टर प्रमाणीकरण रीसेट किया`,
    twoFactorRequired: (on: boolean) =>
      `प्रशासकों और ऑडिटरों के लिए टू-फ़ैक्टर प्रमाणीकरण ${on ? 'अनिवार्य किया' : 'की अनिवार्यता हटाई'}`,
    timeZoneSet: (from: string | null, to: string | null) =>
      `संगठन का समय क्षेत्र${from ? ` ${from} से` : ''} बदलकर ${to ?? 'UTC'} किया`,
    notificationEmail: (label: string | null, on: boolean) =>
      `ईमेल ${on ? 'चालू' : 'बंद'} किए${label ? `: ${label}` : ''}`,
    unsubscribed: (label: string | null) => `ईमेल की सदस्यता छोड़ी${label ? `: ${label}` : ''}`,
    categoryCreated: (name: string | null) => `श्रेणी${name ? ` "${name}"` : ''} जोड़ी`,
    categoryRenamed: (from: string | null, to: string | null) =>
      from && to
        ? `श्रेणी "${from}" का नाम बदलकर "${to}" किया`
        : to
          ? `श्रेणी का नाम बदलकर "${to}" किया`
          : 'श्रेणी का नाम बदला',
    questionCreated: (text: string | null, bulk: boolean) =>
      `${bulk ? 'CSV अपलोड से ' : ''}प्रश्न${text ? ` "${text}"` : ''} जोड़ा`,
    questionEdited: (text: string | null) => `प्रश्न${text ? ` "${text}"` : ''} संपादित किया`,
    assessmentCreated: (name: string | null, sections: number, questions: number, contractors: number) =>
      `मूल्यांकन${name ? ` "${name}"` : ''} बनाया (${count(sections, 'खंड', 'खंड')}, ${count(questions, 'प्रश्न', 'प्रश्न')}, ${count(contractors, 'ठेकेदार', 'ठेकेदारों')} के साथ साझा)`,
    assessmentEdited: (name: string | null, changes: string[]) =>
      `मूल्यांकन${name ? ` "${name}"` : ''} संपादित किया${changes.length > 0 ? `: ${changes.join(', ')}` : ''}`,
    assessmentDeleted: (name: string | null) => `मूल्यांकन${name ? ` "${name}"` : ''} हटाया`,
    assessmentChanges: {
      name: 'नाम',
      dueDate: (day: string | null) => (day ? `नियत तिथि ${day}` : 'नियत तिथि'),
      sharedWith: (n: number) => `${count(n, 'ठेकेदार', 'ठेकेदारों')} के साथ साझा`,
      sections: (sections: number, questions: number) =>
        `${count(sections, 'खंड', 'खंड')}, ${count(questions, 'प्रश्न', 'प्रश्न')}`,
    },
    responseStarted: (questions: number | null, sections: number | null) =>
      `प्रतिक्रिया शुरू की${questions !== null && sections !== null ? ` (${count(sections, 'खंड', 'खंडों')} में ${count(questions, 'प्रश्न', 'प्रश्न')})` : ''}`,
    answersSaved: (answers: number, complete: number | null, sections: number | null) =>
      `${count(answers, 'उत्तर सहेजा', 'उत्तर सहेजे')}${complete !== null && sections !== null ? `; ${count(sections, 'खंड', 'खंडों')} में से ${complete} पूर्ण` : ''}`,
    fileAttached: (file: string | null) => `${file ?? 'एक फ़ाइल'} संलग्न की`,
    fileRemoved: (file: string | null) => `${file ?? 'एक फ़ाइल'} हटाई`,
    auditorFileAttached: (file: string | null) => `ऑडिटर की फ़ाइल${file ? ` ${file}` : ''} संलग्न की`,
    auditorFileRemoved: (file: string | null) => `ऑडिटर की फ़ाइल${file ? ` ${file}` : ''} हटाई`,
    reviewed: (parts: string[], section: string | null) =>
      `${section ? `${section} में: ` : ''}${parts.join(', ') || 'खंड की समीक्षा की'}`,
    reviewParts: {
      accepted: (n: number, first: boolean) =>
        first ? count(n, 'प्रश्न स्वीकार किया', 'प्रश्न स्वीकार किए') : count(n, 'स्वीकार किया', 'स्वीकार किए'),
      rejected: (n: number, first: boolean) =>
        first ? count(n, 'प्रश्न अस्वीकार किया', 'प्रश्न अस्वीकार किए') : count(n, 'अस्वीकार किया', 'अस्वीकार किए'),
      reset: (n: number, first: boolean) =>
        first ? `${count(n, 'प्रश्न', 'प्रश्नों')} का निर्णय वापस लिया` : `${n} का निर्णय वापस लिया`,
      remarks: (n: number, first: boolean) =>
        first ? `${count(n, 'प्रश्न', 'प्रश्नों')} पर टिप्पणी लिखी` : `${n} पर टिप्पणी`,
      scored: (scored: number, total: number | null, first: boolean) =>
        `${first ? 'स्कोर दिया:' : 'स्कोर:'} ${scored}${total !== null ? `/${total}` : ''}`,
      scoreCleared: (first: boolean) => (first ? 'स्कोर हटाया' : 'स्कोर भी हटाया'),
    },
    submitted: 'प्रतिक्रिया जमा की',
    sentBack: 'प्रतिक्रिया को पुनर्मूल्यांकन के लिए वापस भेजा',
    completed: 'प्रतिक्रिया पूर्ण की',
    statusChanged: (from: string | null, to: string | null) =>
      from && to
        ? `स्थिति ${from} से बदलकर ${to} की`
        : to
          ? `स्थिति बदलकर ${to} की`
          : 'स्थिति बदली',
    withScore: (sentence: string, scored: number, total: number) => `${sentence}, स्कोर ${scored}/${total}`,
    withDueDate: (sentence: string, day: string) => `${sentence}, नियत तिथि बढ़ाकर ${day} की`,
    dueDateExtended: (day: string) => `नियत तिथि बढ़ाकर ${day} की`,
    dueDateCleared: 'नियत तिथि का विस्तार हटाया',
    auditorAssigned: (name: string | null) => (name ? `${name} को ऑडिटर नियुक्त किया` : 'एक ऑडिटर नियुक्त किया'),
    auditorRemoved: 'नियुक्त ऑडिटर को हटाया',
    chatSent: (file: string | null) => `चैट संदेश भेजा${file ? ` (${file} के साथ)` : ''}`,
    observationReported: (srno: number | null, category: string | null) =>
      `अवलोकन${srno !== null ? ` ${srno}` : ''}${category ? ` (${category})` : ''} रिपोर्ट किया`,
    observationStatus: (status: string | null, comment: boolean) =>
      [
        status ? `अवलोकन की स्थिति ${status} की` : null,
        comment ? (status ? 'टिप्पणी लिखी' : 'अवलोकन पर टिप्पणी लिखी') : null,
      ]
        .filter((p) => p !== null)
        .join(' और ') || 'अवलोकन की समीक्षा की',
    documentCreated: (title: string | null, files: number) =>
      `नीति दस्तावेज़${title ? ` "${title}"` : ''} प्रकाशित किया${files > 0 ? ` (${count(files, 'फ़ाइल', 'फ़ाइलों')} के साथ)` : ''}`,
    documentEdited: (title: string | null) => `नीति दस्तावेज़${title ? ` "${title}"` : ''} संपादित किया`,
    documentDeleted: (title: string | null) => `नीति दस्तावेज़${title ? ` "${title}"` : ''} हटाया`,
    feedbackSent: (files: number) =>
      `फ़ीडबैक भेजा${files > 0 ? ` (${count(files, 'फ़ाइल', 'फ़ाइलों')} के साथ)` : ''}`,
    feedbackDeleted: 'फ़ीडबैक हटाया',
    learningAdded: (title: string | null, type: string | null, topic: string | null) =>
      `${topic ? `${topic} के अंतर्गत ` : ''}प्रशिक्षण दस्तावेज़${title ? ` "${title}"` : ''}${type ? ` (${type})` : ''} जोड़ा`,
    learningFile: (file: string | null, size: string | null) =>
      `एक प्रशिक्षण दस्तावेज़ की फ़ाइल अपलोड की${file ? `: ${file}` : ''}${size ? ` (${size})` : ''}`,
    learningCategory: (kind: string | null, name: string | null) =>
      `प्रशिक्षण ${kind ? kind.toLowerCase() : 'श्रेणी'}${name ? ` "${name}"` : ''} जोड़ी`,
    ssoConfigured: (issuer: string | null) => `${issuer ? `${issuer} के साथ ` : ''}सिंगल साइन-ऑन सेट अप किया`,
    ssoRemoved: 'सिंगल साइन-ऑन हटाया',
    requirementCreated: (name: string | null) => `अनुपालन आवश्यकता${name ? ` "${name}"` : ''} जोड़ी`,
    requirementUpdated: (name: string | null) => `अनुपालन आवश्यकता${name ? ` "${name}"` : ''} संपादित की`,
    requirementRetired: (name: string | null) => `अनुपालन आवश्यकता${name ? ` "${name}"` : ''} बंद की`,
    complianceUploaded: (requirement: string | null, contractor: string | null) =>
      `${requirement ? `${requirement} के लिए ` : ''}${contractor ? `${contractor} का ` : ''}अनुपालन दस्तावेज़ अपलोड किया`,
    complianceAccepted: (requirement: string | null, contractor: string | null) =>
      `${requirement ? `${requirement} के लिए ` : ''}${contractor ? `${contractor} का ` : ''}अनुपालन दस्तावेज़ स्वीकार किया`,
    complianceRejected: (requirement: string | null, contractor: string | null, remark: string | null) =>
      `${requirement ? `${requirement} के लिए ` : ''}${contractor ? `${contractor} का ` : ''}अनुपालन दस्तावेज़ अस्वीकार किया${remark ? `: ${remark}` : ''}`,
    noticePublished: (title: string | null, type: string | null) =>
      `नोटिस${title ? ` "${title}"` : ''}${type ? ` (${type})` : ''} प्रकाशित किया`,
  },
};

// "1 प्रश्न", "3 प्रश्नों"
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

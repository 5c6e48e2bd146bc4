import type { Translation } from '../catalogue';
import type { templatesMessages } from '../../templates/templates.messages';

export const hiTemplatesMessages: Translation<typeof templatesMessages> = {
  duplicated: 'मूल्यांकन की प्रति सफलतापूर्वक बनाई गई',
  sourceNotFound: 'मूल्यांकन नहीं मिला',
  setInvalid: 'setId तैयार सेटों में से एक होना चाहिए',
  setAdded: (name: string, categories: number, questions: number) =>
    `${name} आपके प्रश्न बैंक में जोड़ा गया: ${categories} ${categories === 1 ? 'श्रेणी' : 'श्रेणियाँ'} और ${questions} प्रश्न`,
  setAlreadyAdded: (name: string) => `${name} पहले से आपके प्रश्न बैंक में है`,
  duplicate: 'प्रति बनाएँ',
  duplicateLabel: (name: string) => `${name} की प्रति बनाएँ`,
  duplicateTitle: 'मूल्यांकन की प्रति बनाएँ',
  duplicateHelp:
    'उन्हीं खंडों, प्रश्नों, उत्तर प्रकारों, अंकों और कारकों वाला एक नया मूल्यांकन। इसे अभी किसी कंपनी के साथ साझा नहीं किया गया है: इसे संपादित करें और तैयार होने पर साझा करें।',
  copyName: (name: string) => `${name} (प्रति)`,
  nameLabel: 'नए मूल्यांकन का नाम',
  dueDateLabel: 'नियत तिथि',
  cancel: 'रद्द करें',
  openCopy: 'प्रति बनाएँ और खोलें',
  libraryMenu: 'तैयार प्रश्न संग्रह',
  libraryTitle: 'तैयार प्रश्न संग्रह',
  libraryIntro:
    'सामान्य जाँचों के लिए श्रेणियों और प्रश्नों के तैयार सेट। किसी सेट को अपने प्रश्न बैंक में जोड़ें, फिर उसके प्रश्नों को संपादित करें और हमेशा की तरह उनसे मूल्यांकन बनाएँ।',
  libraryLink: 'तैयार प्रश्न संग्रह',
  setsLabel: 'तैयार सेट',
  counts: (categories: number, questions: number) => `${categories} श्रेणियाँ · ${questions} प्रश्न`,
  inBank: (n: number, of: number) =>
    n === of
      ? 'आपके प्रश्न बैंक में है'
      : n === 0
        ? 'आपके प्रश्न बैंक में नहीं है'
        : `${of} में से ${n} प्रश्न आपके प्रश्न बैंक में हैं`,
  preview: 'पूर्वावलोकन',
  hidePreview: 'पूर्वावलोकन छिपाएँ',
  previewOf: (name: string) => `${name} के प्रश्न`,
  addToBank: 'मेरे प्रश्न बैंक में जोड़ें',
  addToBankLabel: (name: string) => `${name} को मेरे प्रश्न बैंक में जोड़ें`,
  added: 'जोड़ा गया',
  suggestedType: 'सुझाया गया उत्तर प्रकार',
  choices: (list: string) => `विकल्प: ${list}`,
  errorLoading: 'तैयार प्रश्न संग्रह लाने में त्रुटि',
  answerTypes: {
    shortAnswer: 'संक्षिप्त उत्तर',
    longAnswer: 'विस्तृत उत्तर',
    numeric: 'संख्या',
    checkbox: 'चेकबॉक्स',
    multiChoice: 'एक विकल्प',
    yesNo: 'हाँ / नहीं',
  },
};

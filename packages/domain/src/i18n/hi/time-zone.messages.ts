import type { Translation } from '../catalogue';
import type { timeZoneMessages } from '../../organisations/time-zone.messages';

export const hiTimeZoneMessages: Translation<typeof timeZoneMessages> = {
  timeZoneRequired: 'timeZone आवश्यक है',
  timeZoneInvalid: (name: string) =>
    `timeZone कोई समय क्षेत्र होना चाहिए, जैसे Europe/London या Asia/Kolkata; "${name}" कोई समय क्षेत्र नहीं है`,
  versionRequired: 'version आवश्यक है: सेटिंग्स का वह संस्करण जिस पर यह बदलाव आधारित है',
  saved: 'समय क्षेत्र सहेजा गया',
  cardTitle: 'समय क्षेत्र',
  cardIntro:
    'नियत तिथियाँ इस समय क्षेत्र की आधी रात को समाप्त होती हैं, और रिमाइंडर, समय-सीमा पार होने के निशान और राउंड इसी के दिनों के अनुसार चलते हैं। जब तक इसे यहाँ सेट नहीं किया जाता, यह पहले एडमिन के ब्राउज़र से लिया जाता है।',
  fieldLabel: 'संगठन का समय क्षेत्र',
  notSetYet: (zone: string) => `अभी सेट नहीं है: तब तक ${zone} लागू है`,
  current: (zone: string, offset: string) => `${zone} में अभी ${offset}`,
  save: 'समय क्षेत्र सहेजें',
  noMatch: 'कोई समय क्षेत्र मेल नहीं खाता',
  openList: 'समय क्षेत्रों की सूची खोलें',
  closeList: 'समय क्षेत्रों की सूची बंद करें',
  clearChoice: 'चुना गया समय क्षेत्र हटाएँ',
};

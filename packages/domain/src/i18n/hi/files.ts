import type { Translation } from '../catalogue';
import type { filesMessages } from '../../messages/files';

export const hiFilesMessages: Translation<typeof filesMessages> = {
  unsupported: 'असमर्थित प्रकार की फ़ाइलें मिलीं',
  wrongDocumentType: 'कृपया केवल इमेज, PDF और Excel फ़ाइलें चुनें!',
  tooLarge: 'क्षमा करें, फ़ाइल का अधिकतम आकार 10MB हो सकता है',
  required: 'फ़ाइल आवश्यक है',
  typeNotSupported: 'यह फ़ाइल प्रकार समर्थित नहीं है',
  mismatch: 'फ़ाइल की सामग्री उसके एक्सटेंशन से मेल नहीं खाती',
  empty: (name: string) => `फ़ाइल ${name} खाली है: सामग्री वाली फ़ाइल चुनें`,
  selectDocumentType: 'कृपया दस्तावेज़ का प्रकार चुनें!',
  invalidUrl: 'अमान्य URL',
  linkNotValid: 'लिंक मान्य नहीं है',
  confirmDelete: (name: string) => `क्या आप वाकई फ़ाइल ${name} हटाना चाहते हैं?`,
  noFiles: 'कोई फ़ाइल उपलब्ध नहीं',
  storageFull: (quota: string) =>
    `आपके संगठन का फ़ाइल स्टोरेज भर गया है (इसकी सीमा ${quota} है): यह फ़ाइल सहेजी नहीं गई। जिन फ़ाइलों की अब ज़रूरत नहीं है उन्हें हटाएँ, या पोर्टल के संचालक से अधिक जगह माँगें।`,
  tooManyUnattached: (max: number) =>
    `आपकी ${max} अपलोड की गई फ़ाइलें अभी किसी उत्तर के साथ संलग्न नहीं हैं। और फ़ाइलें अपलोड करने से पहले उन्हें किसी प्रश्न के साथ संलग्न करें, या जिनकी ज़रूरत नहीं है उन्हें हटाएँ (संलग्न न की गई फ़ाइलें 24 घंटे बाद हटा दी जाती हैं)।`,
  size: (bytes: number) =>
    bytes < 1024
      ? `${bytes} B`
      : bytes < 1024 * 1024
        ? `${(bytes / 1024).toFixed(1)} KB`
        : `${(bytes / (1024 * 1024)).toFixed(1)} MB`,
  uploading: (name: string) => `${name} अपलोड हो रही है`,
  uploadProgressOf: (name: string) => `${name} का अपलोड`,
  uploadedOf: (sent: string, total: string, percent: number) => `${total} में से ${sent} (${percent}%)`,
  uploadLeaveTitle: 'यह पेज छोड़ें?',
  uploadLeaveMessage: 'एक अपलोड अभी चल रहा है। पेज छोड़ने पर यह रद्द हो जाएगा। क्या आप पेज छोड़ना चाहते हैं?',
  uploadLeave: 'पेज छोड़ें',
  uploadStay: 'यहीं रहें',
};

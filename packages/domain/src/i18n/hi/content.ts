import type { Translation } from '../catalogue';
import type { contentMessages } from '../../messages/content';

export const hiContentMessages: Translation<typeof contentMessages> = {
  noticeCreated: 'नोटिस सफलतापूर्वक बनाया गया!',
  learningUploaded: 'प्रशिक्षण सामग्री सफलतापूर्वक अपलोड की गई',
  documentCreated: 'दस्तावेज़ सफलतापूर्वक बनाया गया!',
  allMandatory: 'सभी फ़ील्ड अनिवार्य हैं',
};

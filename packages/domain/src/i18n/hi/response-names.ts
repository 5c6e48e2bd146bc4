import type { Translation } from '../catalogue';
import type { responseNameMessages } from '../../messages/response-names';

export const hiResponseNameMessages: Translation<typeof responseNameMessages> = {
  statusNames: {
    ALL: 'सभी',
    NEW: 'नया',
    PENDING: 'लंबित',
    SUBMITTED: 'सबमिट किया गया',
    REASSESSMENT: 'पुनर्मूल्यांकन',
    COMPLETED: 'पूर्ण',
  },
  factors: {
    environment: 'पर्यावरण',
    social: 'सामाजिक',
    governance: 'शासन',
    others: 'अन्य',
  },
};

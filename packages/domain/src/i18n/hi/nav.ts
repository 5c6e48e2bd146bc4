import type { Translation } from '../catalogue';
import type { navMessages } from '../../messages/nav';

export const hiNavMessages: Translation<typeof navMessages> = {
  home: 'होम',
  assessment: 'मूल्यांकन',
  observation: 'अवलोकन',
  learning: 'प्रशिक्षण',
  users: 'उपयोगकर्ता',
  feedback: 'फ़ीडबैक',
  profile: 'प्रोफ़ाइल',
  dashboard: 'डैशबोर्ड',
  engagement: 'सहभागिता',
  activity: 'गतिविधि',
  toggleMenu: 'मेनू खोलें या बंद करें',
  switchOrganisation: 'संगठन',
};

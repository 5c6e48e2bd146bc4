import type { Translation } from '../catalogue';
import type { rolesMessages } from '../../messages/roles';

export const hiRolesMessages: Translation<typeof rolesMessages> = {
  1: 'ऑपरेटर',
  2: 'संगठन',
  3: 'ठेकेदार',
  4: 'ऑडिटर',
  5: 'कर्मचारी',
};

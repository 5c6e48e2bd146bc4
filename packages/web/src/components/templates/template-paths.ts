import { SHELL_PREFIX } from '@palisade/domain/user-types';

/** The organisation's starter library (issue 58): the Assessments page links to it. */
export const starterLibraryPath = `${SHELL_PREFIX.sapphire}/templates`;

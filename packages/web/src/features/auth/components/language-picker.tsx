import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LANGUAGE_NAMES, LANGUAGES } from '@palisade/domain/i18n/catalogue';
import { coreMessages } from '@palisade/domain/messages-core';
import { switchLanguage, useLanguage } from '../../../lib/language';
import { errorMessage } from '../../../lib/api-client';
import { showError } from '../../../lib/notifier';

/**
 * The signed-out pages' choice of language (issue 60): each language by its own name, the chosen
 * one pressed. Kept in this browser, and as the user's once they sign in.
 */
export function LanguagePicker() {
  const language = useLanguage();
  return (
    <Box role="group" aria-label={coreMessages.common.language} sx={{ display: 'flex', gap: 0.5 }}>
      {LANGUAGES.map((option) => (
        <Button
          key={option}
          size="small"
          lang={option}
          aria-pressed={option === language}
          variant={option === language ? 'outlined' : 'text'}
          onClick={() => {
            switchLanguage(option, true).catch((error: unknown) => showError(errorMessage(error)));
          }}
          sx={{ minWidth: 0, textTransform: 'none' }}
        >
          {LANGUAGE_NAMES[option]}
        </Button>
      ))}
    </Box>
  );
}

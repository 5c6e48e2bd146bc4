import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '@palisade/domain/i18n/catalogue';
import { profileMessages as t } from '@palisade/domain/messages/profile';
import { SectionCard } from '../../../components/section-card';
import { useLanguage } from '../../../lib/language';
import { useSetLanguage } from '../api/set-language';

/** Settings: the user's language, kept on the server for its screens, API texts and mails (issue 60). */
export function LanguageCard() {
  const language = useLanguage();
  const save = useSetLanguage();
  const shown = save.isPending ? save.variables.language : language;
  return (
    <SectionCard title={t.languageTitle}>
      <TextField
        select
        label={t.languageTitle}
        value={shown}
        disabled={save.isPending}
        onChange={(event) => {
          if (isLanguage(event.target.value)) save.mutate({ language: event.target.value });
        }}
        helperText={t.languageHelp}
        sx={{ minWidth: 240, maxWidth: '100%' }}
      >
        {LANGUAGES.map((option) => (
          <MenuItem key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </MenuItem>
        ))}
      </TextField>
    </SectionCard>
  );
}

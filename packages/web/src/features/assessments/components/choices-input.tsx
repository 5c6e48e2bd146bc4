import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';

const t = assessmentScreensMessages;

interface ChoicesInputProps {
  /** The choices so far. */
  value: readonly string[];
  onChange: (choices: string[]) => void;
  /** The input's accessible name ('Choices of question 3'); the visible label is 'Choices'. */
  ariaLabel: string;
  error?: string;
}

/**
 * Free-text choice chips labelled 'Choices' (spec §2.6): Enter adds the typed choice, and so does
 * leaving the field, so a choice typed but not confirmed is not lost. Blanks and repeats are
 * dropped here as the schema drops them.
 */
export function ChoicesInput({ value, onChange, ariaLabel, error }: ChoicesInputProps) {
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      forcePopupIcon={false}
      options={[]}
      value={[...value]}
      onChange={(_event, next) =>
        onChange([...new Set(next.map((choice) => choice.trim()).filter((c) => c.length > 0))])
      }
      size="small"
      renderInput={(params) => (
        <TextField
          {...params}
          label={t.choices}
          margin="dense"
          error={error !== undefined}
          helperText={error ?? t.choicesHelp}
          slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': ariaLabel } }}
        />
      )}
    />
  );
}

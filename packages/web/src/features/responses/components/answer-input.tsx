import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import OutlinedInput from '@mui/material/OutlinedInput';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Controller, type Control, type ControllerRenderProps } from 'react-hook-form';
import { ANSWER_TEXT_COUNT_FROM, ANSWER_TEXT_MAX_LENGTH } from '@palisade/domain/constants';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import type { ResponseQuestionReply } from '@palisade/domain/responses/response.schema';
import { AnswerType } from '@palisade/domain/statuses';
import type { ChecklistForm } from '../checklist-form';

const t = responseScreensMessages;

interface AnswerInputProps {
  question: ResponseQuestionReply;
  index: number;
  control: Control<ChecklistForm>;
  /** False: the answer is shown, not changeable (SUBMITTED, COMPLETED, or not REJECTED in REASSESSMENT). */
  editable: boolean;
  /** The id of the element holding the question text: every input is named by it. */
  labelId: string;
}

interface TextAnswerProps {
  field: ControllerRenderProps<ChecklistForm, `answers.${number}.text`>;
  error: string | undefined;
  long: boolean;
  editable: boolean;
  labelId: string;
  answerType: AnswerType;
}

/**
 * A text answer (a line or a paragraph). Text past ANSWER_TEXT_MAX_LENGTH is cut, and says so (a
 * paste was cut silently before, issue 56); from ANSWER_TEXT_COUNT_FROM characters a counter shows
 * how many it holds of the most it may.
 */
function TextAnswer({ field, error, long, editable, labelId, answerType }: TextAnswerProps) {
  const [cut, setCut] = useState(false);
  const errorId = `${labelId}-error`;
  const countId = `${labelId}-count`;
  const cutId = `${labelId}-cut`;
  const length = field.value.length;
  const counted = editable && length >= ANSWER_TEXT_COUNT_FROM;
  const describedBy = [error ? errorId : null, counted ? countId : null, cut ? cutId : null]
    .filter((id) => id !== null)
    .join(' ');
  return (
    <FormControl fullWidth error={error !== undefined} size="small">
      <OutlinedInput
        name={field.name}
        value={field.value}
        onBlur={field.onBlur}
        onChange={(event) => {
          const text = event.target.value;
          const over = text.length > ANSWER_TEXT_MAX_LENGTH;
          setCut(over);
          field.onChange(over ? text.slice(0, ANSWER_TEXT_MAX_LENGTH) : text);
        }}
        inputRef={field.ref}
        size="small"
        multiline={long}
        minRows={long ? 3 : undefined}
        readOnly={!editable}
        inputProps={{
          'aria-labelledby': labelId,
          'aria-describedby': describedBy || undefined,
          'aria-invalid': error !== undefined || undefined,
          'data-answer-type': answerType,
        }}
        sx={editable ? undefined : { bgcolor: 'action.hover' }}
      />
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}
      >
        {/* Always there, so that a screen reader hears the notice when it appears. */}
        <FormHelperText id={cutId} role="status" error={false} sx={{ color: 'text.primary', fontWeight: 600 }}>
          {cut ? t.textCut(ANSWER_TEXT_MAX_LENGTH) : ''}
        </FormHelperText>
        {counted && (
          <FormHelperText id={countId} error={false} sx={{ ml: 'auto', fontVariantNumeric: 'tabular-nums' }}>
            {t.charactersOf(length, ANSWER_TEXT_MAX_LENGTH)}
          </FormHelperText>
        )}
      </Box>
    </FormControl>
  );
}

/**
 * The answer input of one question, by its answer type (spec §2, Checklist): a line of text,
 * a number, a paragraph, Yes / No, one of the choices, several of them, or a single tick. Text
 * inputs turn read-only (still readable and selectable); choices turn disabled.
 */
export function AnswerInput({ question, index, control, editable, labelId }: AnswerInputProps) {
  const { answerType, options } = question.questType;
  const helperId = `${labelId}-error`;
  const base = `answers.${index}` as const;

  switch (answerType) {
    case AnswerType.SHORT_ANSWER:
    case AnswerType.LONG_ANSWER:
      return (
        <Controller
          control={control}
          name={`${base}.text`}
          render={({ field, fieldState }) => (
            <TextAnswer
              field={field}
              error={fieldState.error?.message}
              long={answerType === AnswerType.LONG_ANSWER}
              editable={editable}
              labelId={labelId}
              answerType={answerType}
            />
          )}
        />
      );
    case AnswerType.NUMERIC:
      return (
        <Controller
          control={control}
          name={`${base}.number`}
          render={({ field, fieldState }) => (
            <FormControl fullWidth error={fieldState.invalid} size="small">
              <OutlinedInput
                {...field}
                inputRef={field.ref}
                size="small"
                readOnly={!editable}
                inputProps={{
                  'aria-labelledby': labelId,
                  'aria-describedby': fieldState.error ? helperId : undefined,
                  'aria-invalid': fieldState.invalid || undefined,
                  'data-answer-type': answerType,
                  maxLength: 40,
                  inputMode: 'decimal',
                }}
                sx={editable ? undefined : { bgcolor: 'action.hover' }}
              />
              {fieldState.error && (
                <FormHelperText id={helperId}>{fieldState.error.message}</FormHelperText>
              )}
            </FormControl>
          )}
        />
      );
    case AnswerType.YES_NO:
    case AnswerType.MULTI_CHOICE: {
      const yesNo = answerType === AnswerType.YES_NO;
      const choices = yesNo
        ? [
            { value: 'YES', label: t.yes },
            { value: 'NO', label: t.no },
          ]
        : options.map((o) => ({ value: o, label: o }));
      return (
        <Controller
          control={control}
          name={yesNo ? `${base}.yesNo` : `${base}.choice`}
          render={({ field, fieldState }) => (
            <FormControl error={fieldState.invalid} disabled={!editable}>
              <RadioGroup
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={(_event, value) => field.onChange(value)}
                onBlur={field.onBlur}
                row={yesNo}
                aria-labelledby={labelId}
                aria-describedby={fieldState.error ? helperId : undefined}
                data-answer-type={answerType}
              >
                {choices.map((c) => (
                  <FormControlLabel
                    key={c.value}
                    value={c.value}
                    control={<Radio size="small" />}
                    label={c.label}
                  />
                ))}
              </RadioGroup>
              {fieldState.error && (
                <FormHelperText id={helperId}>{fieldState.error.message}</FormHelperText>
              )}
            </FormControl>
          )}
        />
      );
    }
    case AnswerType.CHECKBOX:
      if (options.length === 0) {
        return (
          <Controller
            control={control}
            name={`${base}.tick`}
            render={({ field, fieldState }) => (
              <FormControl error={fieldState.invalid} disabled={!editable}>
                <FormControlLabel
                  label={t.yes}
                  control={
                    <Checkbox
                      size="small"
                      inputRef={field.ref}
                      name={field.name}
                      checked={field.value}
                      onChange={(_event, checked) => field.onChange(checked)}
                      onBlur={field.onBlur}
                      slotProps={{
                        input: {
                          'aria-labelledby': labelId,
                          // @ts-expect-error -- a data attribute is not in the input's props type
                          'data-answer-type': answerType,
                        },
                      }}
                    />
                  }
                />
                {fieldState.error && (
                  <FormHelperText id={helperId}>{fieldState.error.message}</FormHelperText>
                )}
              </FormControl>
            )}
          />
        );
      }
      return (
        <Controller
          control={control}
          name={`${base}.choices`}
          render={({ field, fieldState }) => {
            const ticked = new Set(field.value);
            const toggle = (option: string, on: boolean) => {
              const next = new Set(ticked);
              if (on) next.add(option);
              else next.delete(option);
              // Kept in the order of the choices, as the server stores them.
              field.onChange(options.filter((o) => next.has(o)));
            };
            return (
              <FormControl error={fieldState.invalid} disabled={!editable}>
                <FormGroup
                  role="group"
                  aria-labelledby={labelId}
                  aria-describedby={fieldState.error ? helperId : undefined}
                  data-answer-type={answerType}
                >
                  {options.map((option, i) => (
                    <FormControlLabel
                      key={option}
                      label={option}
                      control={
                        <Checkbox
                          size="small"
                          inputRef={i === 0 ? field.ref : undefined}
                          checked={ticked.has(option)}
                          onChange={(_event, checked) => toggle(option, checked)}
                          onBlur={field.onBlur}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {fieldState.error && (
                  <FormHelperText id={helperId}>{fieldState.error.message}</FormHelperText>
                )}
              </FormControl>
            );
          }}
        />
      );
  }
}

/** Visually hidden text for assistive technology. */
export function ScreenReaderText({ children }: { children: string }) {
  return (
    <Box
      component="span"
      sx={{
        position: 'absolute',
        // Strings: in sx a number up to 1 is a fraction of the parent, not pixels.
        width: '1px',
        height: '1px',
        p: 0,
        m: '-1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
        border: 0,
      }}
    >
      {children}
    </Box>
  );
}

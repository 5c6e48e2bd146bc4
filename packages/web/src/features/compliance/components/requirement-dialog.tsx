import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import type { z } from 'zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  DEFAULT_REMINDER_DAYS,
  REQUIREMENT_DESCRIPTION_MAX_LENGTH,
  REQUIREMENT_NAME_MAX_LENGTH,
  REQUIREMENT_REVIEWERS,
  REQUIREMENT_SCOPES,
} from '@palisade/domain/compliance/compliance.rules';
import {
  requirementFieldsSchema,
  type Requirement,
  type RequirementFields,
} from '@palisade/domain/compliance/compliance.schema';
import { complianceMessages } from '@palisade/domain/compliance/compliance.messages';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { CompanyPicker } from '../../../components/company-picker/company-picker';
import { useContractorLocations } from '../../../components/company-picker/contractor-search-api';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useClientId, useSingleFlight } from '../../../lib/client-id';
import { muiField } from '../../../lib/forms';
import { showError } from '../../../lib/notifier';
import { useCreateRequirement, useUpdateRequirement } from '../api/requirements-api';

const t = complianceScreensMessages;
type RequirementValues = z.output<typeof requirementFieldsSchema>;

/** The form's values of a requirement (or the defaults of a new one). */
function valuesOf(requirement: Requirement | null): RequirementFields {
  if (!requirement) {
    return {
      name: '',
      description: '',
      appliesTo: 'ALL',
      contractorIds: [],
      locations: [],
      mandatory: true,
      expires: true,
      reminderDays: [...DEFAULT_REMINDER_DAYS],
      reviewer: 'ORGANISATION',
    };
  }
  return {
    name: requirement.name,
    description: requirement.description,
    appliesTo: requirement.appliesTo,
    contractorIds: requirement.contractorIds,
    locations: requirement.locations,
    mandatory: requirement.mandatory,
    expires: requirement.expires,
    reminderDays: requirement.reminderDays,
    reviewer: requirement.reviewer,
  };
}

/** "60, 30, 15, 1" as days; a part that is not a number stays NaN, which the schema names. */
export function parseReminderDays(text: string): number[] {
  return text
    .split(/[,\s]+/)
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
}

interface RequirementDialogProps {
  open: boolean;
  companyId: string;
  /** The requirement edited (as last read); null adds a new one. */
  requirement: Requirement | null;
  onClose: () => void;
}

/**
 * Add or Edit a requirement (issue 57): name, description, whom it applies to (all contractors,
 * chosen companies through the company picker, or chosen locations), mandatory, whether it
 * expires with its reminder days, and the reviewer. The domain schema is the form's resolver. A
 * new one carries the form's client-made id; an edit the version it was based on: when someone
 * else changed it meanwhile (409) the list is read again, the form takes the new values and the
 * Error dialog says so.
 */
export function RequirementDialog({ open, companyId, requirement, onClose }: RequirementDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const create = useCreateRequirement();
  const update = useUpdateRequirement();
  const clientId = useClientId();
  const flight = useSingleFlight();
  const busy = flight.sending;
  const locations = useContractorLocations(companyId, open);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RequirementFields, unknown, RequirementValues>({
    resolver: zodResolver(requirementFieldsSchema),
    defaultValues: valuesOf(requirement),
  });
  const [reminderText, setReminderText] = useState('');
  const appliesTo = useWatch({ control, name: 'appliesTo' });
  const expires = useWatch({ control, name: 'expires' });

  // Opened (or the requirement read again after a 409): the form starts from what is stored.
  const basis = `${open}:${requirement?._id ?? ''}:${requirement?.version ?? 0}`;
  useEffect(() => {
    if (!open) return;
    const values = valuesOf(requirement);
    reset(values);
    setReminderText((values.reminderDays ?? []).join(', '));
  }, [basis]);

  const close = () => {
    if (busy) return;
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    flight.run(async () => {
      try {
        if (requirement) {
          await update.mutateAsync({ requirementId: requirement._id, version: requirement.version, ...values });
        } else {
          await create.mutateAsync({ id: clientId.id, companyId, ...values });
          clientId.renew();
        }
        onClose();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && requirement) {
          showError(t.changedReloaded);
        } else {
          showError(errorMessage(error));
        }
      }
    });
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{requirement ? t.editRequirement : t.addRequirement}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <TextField
            {...muiField(register('name'))}
            label={t.name}
            required
            error={errors.name !== undefined}
            helperText={errors.name?.message}
            slotProps={{ htmlInput: { maxLength: REQUIREMENT_NAME_MAX_LENGTH } }}
          />
          <TextField
            {...muiField(register('description'))}
            label={t.description}
            multiline
            minRows={2}
            error={errors.description !== undefined}
            helperText={errors.description?.message}
            slotProps={{ htmlInput: { maxLength: REQUIREMENT_DESCRIPTION_MAX_LENGTH } }}
          />
          <Controller
            control={control}
            name="appliesTo"
            render={({ field }) => (
              <FormControl>
                <FormLabel id={`${titleId}-scope`}>{t.appliesTo}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={`${titleId}-scope`}
                  value={field.value ?? 'ALL'}
                  onChange={(e) => field.onChange(REQUIREMENT_SCOPES.find((s) => s === e.target.value) ?? 'ALL')}
                >
                  {REQUIREMENT_SCOPES.map((s) => (
                    <FormControlLabel key={s} value={s} control={<Radio />} label={complianceMessages.scopeLabels[s]} />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
          {appliesTo === 'COMPANIES' && (
            <Controller
              control={control}
              name="contractorIds"
              render={({ field }) => (
                <Box>
                  <CompanyPicker
                    multiple
                    companyId={companyId}
                    label={t.companies}
                    value={field.value ?? []}
                    onChange={(ids) => field.onChange(ids)}
                  />
                  {errors.contractorIds && (
                    <FormHelperText error>{errors.contractorIds.message}</FormHelperText>
                  )}
                </Box>
              )}
            />
          )}
          {appliesTo === 'LOCATIONS' && (
            <Controller
              control={control}
              name="locations"
              render={({ field }) => (
                <Autocomplete
                  multiple
                  options={(locations.data?.locations ?? []).map((l) => l.location)}
                  value={field.value ?? []}
                  onChange={(_event, value) => field.onChange(value)}
                  loading={locations.isFetching}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t.locations}
                      placeholder={t.chooseLocations}
                      error={errors.locations !== undefined}
                      helperText={errors.locations?.message}
                    />
                  )}
                />
              )}
            />
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Controller
              control={control}
              name="mandatory"
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value ?? true} onChange={(e) => field.onChange(e.target.checked)} />}
                  label={t.mandatory}
                />
              )}
            />
            <Controller
              control={control}
              name="expires"
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value ?? true} onChange={(e) => field.onChange(e.target.checked)} />}
                  label={t.expires}
                />
              )}
            />
          </Box>
          {expires !== false && (
            <Controller
              control={control}
              name="reminderDays"
              render={({ field }) => (
                <TextField
                  label={t.reminderDays}
                  value={reminderText}
                  onChange={(e) => {
                    setReminderText(e.target.value);
                    field.onChange(parseReminderDays(e.target.value));
                  }}
                  onBlur={field.onBlur}
                  error={errors.reminderDays !== undefined}
                  helperText={errors.reminderDays?.message ?? errors.reminderDays?.root?.message ?? firstItemError(errors.reminderDays) ?? t.reminderDaysHelp}
                />
              )}
            />
          )}
          <Controller
            control={control}
            name="reviewer"
            render={({ field }) => (
              <FormControl>
                <FormLabel id={`${titleId}-reviewer`}>{t.reviewer}</FormLabel>
                <RadioGroup
                  aria-labelledby={`${titleId}-reviewer`}
                  value={field.value ?? 'ORGANISATION'}
                  onChange={(e) =>
                    field.onChange(REQUIREMENT_REVIEWERS.find((r) => r === e.target.value) ?? 'ORGANISATION')
                  }
                >
                  {REQUIREMENT_REVIEWERS.map((r) => (
                    <FormControlLabel key={r} value={r} control={<Radio />} label={complianceMessages.reviewerLabels[r]} />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t.cancel}
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={busy}>
          {requirement ? t.save : t.add}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The message of the first invalid day of the list (the schema names each item's problem). */
function firstItemError(error: unknown): string | undefined {
  if (!Array.isArray(error)) return undefined;
  for (const item of error as unknown[]) {
    if (typeof item === 'object' && item !== null && 'message' in item && typeof item.message === 'string') {
      return item.message;
    }
  }
  return undefined;
}

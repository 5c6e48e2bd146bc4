import { useMemo, useState } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { currentZoneName, offsetText, zoneLabel } from '@palisade/domain/organisations/time-zone';
import { setTimeZoneSchema, type TimeZoneSettings } from '@palisade/domain/organisations/time-zone.schema';
import { timeZoneMessages as t } from '@palisade/domain/organisations/time-zone.messages';
import { translateText } from '@palisade/domain/i18n/catalogue';
import { SectionCard } from '../../../components/section-card';
import { useSetTimeZone, useTimeZone } from '../api/time-zone';

/** The first matches shown as the user types (some 400 zones in all). */
const filterZones = createFilterOptions<string>({ limit: 50 });

/** Every zone this browser knows (Intl), by its current name (Asia/Kolkata, not Asia/Calcutta), UTC first. */
function knownZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...zones.map(currentZoneName)])];
}

function TimeZoneForm({ settings }: { settings: TimeZoneSettings }) {
  const save = useSetTimeZone();
  const zones = useMemo(() => {
    const known = knownZones();
    return known.includes(settings.timeZone) ? known : [settings.timeZone, ...known];
  }, [settings.timeZone]);
  const [value, setValue] = useState<string | null>(settings.timeZone);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = setTimeZoneSchema.safeParse({ timeZone: value ?? '', version: settings.version });
    if (!parsed.success) {
      setError(translateText(parsed.error.issues[0]?.message ?? t.timeZoneRequired));
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography variant="body2" color="text.secondary" role="status">
        {settings.isSet ? t.current(zoneLabel(settings.timeZone), offsetText(new Date(), settings.timeZone)) : t.notSetYet(settings.timeZone)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Autocomplete
          options={zones}
          value={value}
          onChange={(_, next) => setValue(next)}
          disableClearable={false}
          noOptionsText={t.noMatch}
          openText={t.openList}
          closeText={t.closeList}
          clearText={t.clearChoice}
          filterOptions={filterZones}
          openOnFocus
          getOptionLabel={(zone) => zone}
          sx={{ flex: '1 1 280px', minWidth: 0 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t.fieldLabel}
              error={error !== null}
              helperText={error ?? ' '}
              slotProps={{ inputLabel: params.InputLabelProps, htmlInput: params.inputProps, input: params.InputProps }}
            />
          )}
        />
        <Button type="submit" variant="contained" disabled={save.isPending || value === null} sx={{ mt: 1 }}>
          {t.save}
        </Button>
      </Box>
    </Box>
  );
}

/** The organisation admin's Settings (issue 60): the organisation's time zone. */
export function TimeZoneCard() {
  const settings = useTimeZone();
  return (
    <SectionCard title={t.cardTitle}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t.cardIntro}
      </Typography>
      {settings.isPending || !settings.data ? (
        <Skeleton variant="rounded" height={56} />
      ) : (
        <TimeZoneForm key={`${settings.data.timeZone}:${settings.data.version}`} settings={settings.data} />
      )}
    </SectionCard>
  );
}

import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import { saveSsoConfigSchema, type SsoConfig, type TestSsoReply } from '@palisade/domain/sso/sso.schema';
import { ssoMessages as m } from '@palisade/domain/sso/sso.messages';
import { splitDomains } from '@palisade/domain/sso/sso.rules';
import { translateText } from '@palisade/domain/i18n/catalogue';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { PasswordField } from '../../../components/password-field';
import { checksOfRefusal, useDeleteSso, useSaveSso, useSsoSettings, useTestSso } from '../api/sso-settings';

type Field = 'issuer' | 'clientId' | 'clientSecret' | 'domains';
interface Draft {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  requireSso: boolean;
}

const draftOf = (c: SsoConfig | null): Draft => ({
  issuer: c?.issuer ?? '',
  clientId: c?.clientId ?? '',
  clientSecret: '',
  domains: c?.domains.join(', ') ?? '',
  requireSso: c?.requireSso ?? false,
});

/** The checks of "Test sign-in" (or of a refused save), each passed or failed with the provider's reason. */
function Checks({ result }: { result: TestSsoReply }) {
  return (
    <Box role="status" sx={{ mt: 2 }}>
      <Alert severity={result.ok ? 'success' : 'error'}>{result.ok ? m.testPassed : m.testFailed}</Alert>
      <List dense aria-label={m.testSignIn}>
        {result.checks.map((c) => (
          <ListItem key={c.check} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              {c.ok ? <CheckCircleOutlined color="success" titleAccess="Passed" /> : <ErrorOutlined color="error" titleAccess="Failed" />}
            </ListItemIcon>
            <ListItemText primary={m.checks[c.check] ?? c.check} secondary={c.detail} slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** The form, started from the stored settings (it is remounted when they change). */
function SsoForm({ companyId, redirectUri, config }: { companyId: string; redirectUri: string; config: SsoConfig | null }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(config));
  const [replacing, setReplacing] = useState(config === null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<TestSsoReply | null>(null);
  const [confirming, setConfirming] = useState(false);
  const test = useTestSso();
  const save = useSaveSso();
  const remove = useDeleteSso();
  const busy = test.isPending || save.isPending || remove.isPending;

  const set = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setResult(null);
  };

  /** The form as the save call's body, checked by its schema; null (and the fields' errors) when it does not pass. */
  const parsed = () => {
    const body = {
      companyId,
      issuer: draft.issuer,
      clientId: draft.clientId,
      clientSecret: draft.clientSecret,
      domains: splitDomains(draft.domains),
      requireSso: draft.requireSso,
      version: config?.version ?? null,
    };
    const out = saveSsoConfigSchema.safeParse(body);
    const next: Partial<Record<Field, string>> = {};
    if (!out.success) {
      for (const issue of out.error.issues) {
        const field = issue.path[0];
        if ((field === 'issuer' || field === 'clientId' || field === 'clientSecret' || field === 'domains') && next[field] === undefined) next[field] = translateText(issue.message);
      }
    }
    if (config === null && draft.clientSecret === '') next.clientSecret = m.clientSecretRequired;
    setErrors(next);
    // What the server will store: trimmed, lower-case domains, the issuer without a final slash.
    return out.success && Object.keys(next).length === 0 ? out.data : null;
  };

  const onTest = () => {
    const body = parsed();
    if (!body) return;
    test.mutate(
      { companyId, issuer: body.issuer, clientId: body.clientId, clientSecret: body.clientSecret },
      { onSuccess: setResult },
    );
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const body = parsed();
    if (!body) return;
    save.mutate(body, { onError: (error) => setResult(checksOfRefusal(error)) });
  };

  return (
    <Box component="form" noValidate onSubmit={onSave} aria-label={m.cardTitle}>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {m.redirectUriLabel}
      </Typography>
      <Typography component="code" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere', fontFamily: 'monospace', bgcolor: 'action.hover', p: 1, borderRadius: 1, mt: 0.5 }}>
        {redirectUri}
      </Typography>
      <FormTextField
        name="issuer"
        label={m.issuer}
        value={draft.issuer}
        onChange={(e) => set({ issuer: e.target.value })}
        placeholder="https://login.example.com"
        type="url"
        required
        error={errors.issuer !== undefined}
        helperText={errors.issuer}
      />
      <FormTextField
        name="clientId"
        label={m.clientId}
        value={draft.clientId}
        onChange={(e) => set({ clientId: e.target.value })}
        autoComplete="off"
        required
        error={errors.clientId !== undefined}
        helperText={errors.clientId}
      />
      {replacing ? (
        <PasswordField
          name="clientSecret"
          label={m.clientSecret}
          value={draft.clientSecret}
          onChange={(e) => set({ clientSecret: e.target.value })}
          autoComplete="new-password"
          required={config === null}
          error={errors.clientSecret !== undefined}
          helperText={errors.clientSecret ?? (config !== null ? m.secretStored : undefined)}
        />
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2">
            {m.clientSecret}: <strong>{m.stored}</strong>
          </Typography>
          <Button size="small" onClick={() => setReplacing(true)}>
            {m.replaceSecret}
          </Button>
        </Stack>
      )}
      <FormTextField
        name="domains"
        label={m.domains}
        value={draft.domains}
        onChange={(e) => set({ domains: e.target.value })}
        placeholder="example.com"
        required
        error={errors.domains !== undefined}
        helperText={errors.domains ?? m.domainsHelp}
      />
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Switch checked={draft.requireSso} onChange={(e) => set({ requireSso: e.target.checked })} />}
        label={m.requireSso}
      />
      {result && <Checks result={result} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={onTest} loading={test.isPending} disabled={busy && !test.isPending}>
          {m.testSignIn}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending} disabled={busy && !save.isPending}>
          {m.save}
        </Button>
        {config !== null && (
          <Button color="error" onClick={() => setConfirming(true)} disabled={busy}>
            {m.remove}
          </Button>
        )}
      </Stack>
      {config !== null && (
        <ConfirmDialog
          open={confirming}
          title={m.remove}
          message={m.removeConfirm}
          confirmLabel={m.remove}
          cancelLabel={m.cancel}
          destructive
          loading={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => remove.mutate({ companyId, version: config.version }, { onSettled: () => setConfirming(false) })}
        />
      )}
    </Box>
  );
}

/**
 * Settings: the organisation's single sign-on (issue 59), for its admin. The provider's issuer,
 * the client id and secret (stored encrypted, never shown again: "Stored", with a button to
 * replace it) and the e-mail domains it covers; "Test sign-in" checks them before they are saved
 * (the server tests them again on save).
 */
export function SsoSettingsCard({ companyId }: { companyId: string }) {
  const settings = useSsoSettings(companyId);
  const config = settings.data?.config ?? null;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="h6" sx={{ mb: 0.5 }}>
          {m.cardTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {m.cardIntro}
        </Typography>
        {settings.data ? (
          <>
            <Alert severity={config ? 'success' : 'info'} sx={{ mt: 2 }}>
              {config ? m.configured : m.notConfigured}
            </Alert>
            <SsoForm key={`${config?.version ?? 'none'}`} companyId={companyId} redirectUri={settings.data.redirectUri} config={config} />
          </>
        ) : (
          <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} aria-label={m.cardTitle} />
        )}
      </CardContent>
    </Card>
  );
}

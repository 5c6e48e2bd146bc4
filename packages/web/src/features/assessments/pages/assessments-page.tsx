import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { SORT_CODES, type SortCode } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { ResponseStatus } from '@palisade/domain/statuses';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { useContractors } from '../api/get-contractors';
import { useResponses } from '../api/get-responses';
import { assessmentPaths, organisationOf } from '../assessments-paths';
import { AssessmentsModal } from '../components/assessments-modal';
import { ResponseCard } from '../components/response-card';
import { filterResponses, type StatusFilter } from '../response-filters';

const t = messages.assessmentScreens;

const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'ALL', label: t.filterAll },
  { value: ResponseStatus.PENDING, label: t.filterPending },
  { value: ResponseStatus.SUBMITTED, label: t.filterSubmitted },
  { value: ResponseStatus.REASSESSMENT, label: t.filterReassessment },
  { value: ResponseStatus.COMPLETED, label: t.filterCompleted },
];

const SORT_LABELS: Record<SortCode, string> = { NTO: t.sortNto, OTN: t.sortOto };

function isSortCode(value: string): value is SortCode {
  return (SORT_CODES as readonly string[]).includes(value);
}

/**
 * /sapphire/Assessment (spec §2.4): the responses to the organisation's assessments as cards,
 * filtered by status and company and sorted by last access; Add New Assessment; and the
 * Assessments modal with the assessments no contractor has started yet.
 */
export function AssessmentsPage() {
  const profile = useProfile();
  const companyId = organisationOf(profile);
  const responses = useResponses(companyId);
  const contractors = useContractors(companyId);
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [sort, setSort] = useState<SortCode>('NTO');
  const [chosenCompany, setCompany] = useState('');
  const [modalOpen, setModalOpen] = useState(false);

  const company = useMemo(() => {
    const found = (contractors.data ?? []).find((c) => c._id === chosenCompany);
    return found ? { id: found._id, name: found.name } : null;
  }, [contractors.data, chosenCompany]);
  const all = responses.data ?? [];
  const shown = useMemo(
    () => filterResponses(responses.data ?? [], status, company, sort),
    [responses.data, status, company, sort],
  );

  return (
    <Page
      title={messages.nav.assessment}
      breadcrumbs={[{ label: messages.nav.assessment }]}
      actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<ListAltOutlined />}
            onClick={() => setModalOpen(true)}
            aria-haspopup="dialog"
          >
            {t.assessmentsButton}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={assessmentPaths.add}
          >
            {t.addNew}
          </Button>
        </Box>
      }
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          mb: 3,
        }}
      >
        <Box
          role="group"
          aria-label={t.statusFilter}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexGrow: 1 }}
        >
          {STATUS_FILTERS.map((f) => (
            <Button
              key={f.value}
              size="small"
              variant={status === f.value ? 'contained' : 'outlined'}
              aria-pressed={status === f.value}
              onClick={() => setStatus(f.value)}
            >
              {f.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, width: { xs: '100%', md: 'auto' } }}>
          <TextField
            select
            size="small"
            margin="none"
            label={t.sortLabel}
            value={sort}
            onChange={(event) => {
              if (isSortCode(event.target.value)) setSort(event.target.value);
            }}
            slotProps={{ select: { native: true } }}
            sx={{ minWidth: 170, flex: 1 }}
          >
            {SORT_CODES.map((code) => (
              <option key={code} value={code}>
                {SORT_LABELS[code]}
              </option>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            margin="none"
            label={t.companyFilter}
            value={chosenCompany}
            onChange={(event) => setCompany(event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 170, flex: 1 }}
          >
            <option value="">{t.allCompanies}</option>
            {(contractors.data ?? []).map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </TextField>
        </Box>
      </Box>

      {responses.isPending && <LinearProgress aria-label={messages.common.loading} />}
      {responses.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void responses.refetch()}>
              {messages.web.reload}
            </Button>
          }
        >
          {messages.assessment.errorFetchingAssessments}
        </Alert>
      )}
      {responses.isSuccess && all.length === 0 && <EmptyState text={t.noResponses} />}
      {responses.isSuccess && all.length > 0 && shown.length === 0 && (
        <EmptyState text={t.noResponsesMatch} />
      )}
      {shown.length > 0 && (
        <Box
          component="ul"
          aria-label={t.responsesList}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {shown.map((r) => (
            <Box component="li" key={r._id}>
              <ResponseCard response={r} />
            </Box>
          ))}
        </Box>
      )}
      <AssessmentsModal open={modalOpen} onClose={() => setModalOpen(false)} />
    </Page>
  );
}

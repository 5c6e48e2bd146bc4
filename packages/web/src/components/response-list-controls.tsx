import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { RESPONSE_SEARCH_MAX } from '@palisade/domain/responses/assignment.schema';
import { SORT_CODES, type SortCode } from '@palisade/domain/constants';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { orgAuditorMessages } from '@palisade/domain/responses/org-auditor.messages';
import { ResponseStatus } from '@palisade/domain/statuses';
import { CompanyPicker } from './company-picker/company-picker';
import { NativeSelectField } from './native-select-field';

const t = assessmentScreensMessages;

/** The status filter of a response list: All, or one response status. */
export type StatusFilter = 'ALL' | ResponseStatus;

/** The status buttons, their labels in the screens' language (read when shown: issue 60). */
const statusFilters = (): readonly { value: StatusFilter; label: string }[] => [
  { value: 'ALL', label: t.filterAll },
  { value: ResponseStatus.PENDING, label: t.filterPending },
  { value: ResponseStatus.SUBMITTED, label: t.filterSubmitted },
  { value: ResponseStatus.REASSESSMENT, label: t.filterReassessment },
  { value: ResponseStatus.COMPLETED, label: t.filterCompleted },
];

const sortOptions = () => {
  const labels: Record<SortCode, string> = { NTO: t.sortNto, OTN: t.sortOto };
  return SORT_CODES.map((code) => ({ value: code, label: labels[code] }));
};

const selectSx = { minWidth: 190, flex: 1, bgcolor: 'background.paper' } as const;

function isSortCode(value: string): value is SortCode {
  return (SORT_CODES as readonly string[]).includes(value);
}

interface ResponseListControlsProps {
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  sort: SortCode;
  onSort: (sort: SortCode) => void;
  /** The chosen contractor company's id, '' for All Companies. */
  company: string;
  onCompany: (companyId: string) => void;
  /** The organisation whose companies the company filter searches ('' while not known). */
  organisationId: string;
  /** The name search (issue 19), shown when the page gives it. */
  search?: string;
  onSearch?: (search: string) => void;
}

/**
 * The filters of the organisation's overview and the auditor's list (spec §2.4): status buttons
 * All, Pending, Submitted, Reassessment, Completed; sort NTO / OTN; company (All Companies or one,
 * searched on the server as the user types: issue 63);
 * and, where the page asks, a name search (issue 19).
 */
export function ResponseListControls({
  status,
  onStatus,
  sort,
  onSort,
  company,
  onCompany,
  organisationId,
  search,
  onSearch,
}: ResponseListControlsProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
      {onSearch && (
        <TextField
          type="search"
          size="small"
          margin="none"
          label={orgAuditorMessages.searchName}
          placeholder={orgAuditorMessages.searchNameHelp}
          value={search ?? ''}
          onChange={(event) => onSearch(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: RESPONSE_SEARCH_MAX },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ width: '100%', bgcolor: 'background.paper' }}
        />
      )}
      <Box
        role="group"
        aria-label={t.statusFilter}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexGrow: 1 }}
      >
        {statusFilters().map((f) => (
          <Button
            key={f.value}
            size="small"
            variant={status === f.value ? 'contained' : 'outlined'}
            aria-pressed={status === f.value}
            onClick={() => onStatus(f.value)}
          >
            {f.label}
          </Button>
        ))}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          gap: 2,
          width: { xs: '100%', md: 'auto' },
        }}
      >
        <NativeSelectField
          label={t.sortLabel}
          value={sort}
          options={sortOptions()}
          onChange={(value) => {
            if (isSortCode(value)) onSort(value);
          }}
          sx={selectSx}
        />
        <CompanyPicker
          companyId={organisationId}
          label={t.companyFilter}
          placeholder={t.allCompanies}
          value={company === '' ? null : company}
          onChange={(id) => onCompany(id ?? '')}
          size="small"
          sx={{ flex: '1 1 260px', minWidth: { xs: 0, sm: 260 }, bgcolor: 'background.paper' }}
        />
      </Box>
    </Box>
  );
}

import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import SearchIcon from '@mui/icons-material/Search';
import { contractorsField } from '@palisade/domain/assessments/assessment.schema';
import {
  CONTRACTOR_PICKER_PAGE_SIZE,
  CONTRACTOR_SEARCH_MAX_LENGTH,
} from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { companyPickerMessages } from '@palisade/domain/messages/company-picker';
import type { GetContractorIdsInput } from '@palisade/domain/users/contractor-search.schema';
import { translateText } from '@palisade/domain/i18n/catalogue';
import { PICKER_DEBOUNCE_MS } from '../../../components/company-picker/company-picker';
import {
  contractorIdsQuery,
  useContractorIds,
  useContractorLocations,
  useContractorPages,
} from '../../../components/company-picker/contractor-search-api';
import { useDebounced } from '../../../lib/use-debounced';

const t = assessmentScreensMessages;

interface ShareDialogProps {
  open: boolean;
  /** The organisation whose contractor companies are listed. */
  companyId: string;
  /** The ids shared with so far. */
  initial: readonly string[];
  saving: boolean;
  onClose: () => void;
  /**
   * The chosen companies: their ids, and '' for each listed row left unchecked (spec §2.6); the
   * schema drops the empty entries.
   */
  onSave: (contractors: string[]) => void;
}

/**
 * Select Companies (Share): a search over the organisation's companies, 50 at a time with Load
 * more, a checkbox each; Select All / Deselect All (of what the search matches), Select by
 * location, Clear, the count chosen, and Save. The chosen set is ids, whatever the list shows.
 */
export function ShareDialog(props: ShareDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.saving ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t.selectCompanies}</DialogTitle>
      {props.open && <ShareDialogBody {...props} />}
    </Dialog>
  );
}

function ShareDialogBody({ companyId, initial, saving, onClose, onSave }: ShareDialogProps) {
  const listId = useId();
  const locationMenuId = useId();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(initial.filter((id) => id !== '')),
  );
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), PICKER_DEBOUNCE_MS);
  const [locationAnchor, setLocationAnchor] = useState<HTMLElement | null>(null);
  /** Select All or a location's ids on their way. */
  const [adding, setAdding] = useState(false);

  const filter: GetContractorIdsInput =
    settled === '' ? { companyId } : { companyId, search: settled };
  const pages = useContractorPages({ ...filter, pageSize: CONTRACTOR_PICKER_PAGE_SIZE }, true);
  const matching = useContractorIds(filter, true);
  const locations = useContractorLocations(companyId, locationAnchor !== null);
  const rows = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const matchingIds = matching.data?.ids ?? [];
  const allChosen = matchingIds.length > 0 && matchingIds.every((id) => chosen.has(id));
  const busy = saving || adding;
  const loadingList = pages.isPending || (pages.isFetching && !pages.isFetchingNextPage);
  const noCompanies = pages.isSuccess && !pages.isPlaceholderData && settled === '' && total === 0;

  const change = (next: (current: ReadonlySet<string>) => Set<string>) => {
    setError(null);
    setChosen((current) => next(current));
  };

  const toggle = (id: string) =>
    change((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** Adds every company that matches `input` (all of the search, or one location). */
  const addMatching = async (input: GetContractorIdsInput) => {
    setAdding(true);
    try {
      const { ids } = await queryClient.fetchQuery(contractorIdsQuery(input));
      change((current) => new Set([...current, ...ids]));
    } catch {
      // The Error dialog has told the user (the query client's error handler).
    } finally {
      setAdding(false);
    }
  };

  const toggleAll = () => {
    if (allChosen) {
      const drop = new Set(matchingIds);
      change((current) => new Set([...current].filter((id) => !drop.has(id))));
    } else {
      void addMatching(filter);
    }
  };

  const chooseLocation = (location: string) => {
    setLocationAnchor(null);
    void addMatching({ companyId, location });
  };

  const save = () => {
    const entries = rows.map((c) => (chosen.has(c._id) ? c._id : ''));
    // The chosen companies the list has not shown (not loaded, or not matching the search).
    const listed = new Set(rows.map((c) => c._id));
    const kept = [...chosen].filter((id) => !listed.has(id));
    const value = [...kept, ...entries];
    const parsed = contractorsField.safeParse(value);
    if (!parsed.success) {
      setError(translateText(parsed.error.issues[0]?.message ?? assessmentMessages.minOneCompany));
      return;
    }
    onSave(value);
  };

  const toggleLabel =
    settled === ''
      ? allChosen
        ? t.deselectAll
        : t.selectAll
      : allChosen
        ? t.deselectAllMatching(matchingIds.length)
        : t.selectAllMatching(matching.data?.total ?? total);

  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        {noCompanies ? (
          <Typography color="text.secondary">{t.noCompanies}</Typography>
        ) : (
          <>
            <TextField
              type="search"
              size="small"
              label={t.searchCompanies}
              placeholder={t.searchCompaniesHelp}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              fullWidth
              slotProps={{
                htmlInput: { maxLength: CONTRACTOR_SEARCH_MAX_LENGTH },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                mt: 1,
                ml: -1,
              }}
            >
              <Button onClick={toggleAll} disabled={busy || matching.isPending || total === 0}>
                {toggleLabel}
              </Button>
              <Button
                onClick={(event) => setLocationAnchor(event.currentTarget)}
                disabled={busy}
                endIcon={<ArrowDropDown />}
                aria-haspopup="menu"
                aria-expanded={locationAnchor !== null}
                aria-controls={locationAnchor ? locationMenuId : undefined}
              >
                {t.selectByLocation}
              </Button>
              <Button onClick={() => change(() => new Set())} disabled={busy || chosen.size === 0}>
                {t.clearSelection}
              </Button>
            </Box>
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'baseline',
                justifyContent: 'space-between',
                columnGap: 2,
                mt: 1,
              }}
            >
              <Typography variant="h3" component="h3" id={listId}>
                {t.companiesList}
              </Typography>
              {rows.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t.companiesShown(rows.length, total)}
                </Typography>
              )}
            </Box>
            <Menu
              id={locationMenuId}
              anchorEl={locationAnchor}
              open={locationAnchor !== null}
              onClose={() => setLocationAnchor(null)}
              slotProps={{ paper: { sx: { maxHeight: 360 } } }}
            >
              {locations.isPending && (
                <MenuItem disabled>{companyPickerMessages.searching}</MenuItem>
              )}
              {locations.isSuccess && locations.data.locations.length === 0 && (
                <MenuItem disabled>{t.noLocations}</MenuItem>
              )}
              {locations.data?.locations.map((l) => (
                <MenuItem key={l.location} onClick={() => chooseLocation(l.location)}>
                  {t.locationChoice(l.location, l.count)}
                </MenuItem>
              ))}
            </Menu>
            {(loadingList || adding) && (
              <LinearProgress aria-label={coreMessages.common.loading} sx={{ mt: 1 }} />
            )}
            {pages.isSuccess && rows.length === 0 && settled !== '' && (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {t.noCompaniesMatch}
              </Typography>
            )}
            {rows.length > 0 && (
              <List
                dense
                disablePadding
                aria-labelledby={listId}
                sx={{
                  maxHeight: 360,
                  overflowY: 'auto',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  mt: 1,
                  '& > li:last-of-type': { borderBottom: 0 },
                }}
              >
                {rows.map((c) => {
                  const secondary = [c.location, c.contactPersonName, c.emailid]
                    .filter(Boolean)
                    .join(' · ');
                  return (
                    <ListItem key={c._id} divider sx={{ py: 0.5 }}>
                      <FormControlLabel
                        sx={{ flexGrow: 1, mr: 0, alignItems: 'flex-start', minWidth: 0 }}
                        disabled={saving}
                        control={
                          <Checkbox checked={chosen.has(c._id)} onChange={() => toggle(c._id)} />
                        }
                        label={
                          <Box sx={{ py: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                            <Typography component="span" sx={{ display: 'block' }}>
                              {c.name}
                              {!c.isActive && (
                                <Chip
                                  size="small"
                                  label={t.inactive}
                                  component="span"
                                  sx={{ ml: 1 }}
                                />
                              )}
                            </Typography>
                            {secondary && (
                              <Typography
                                component="span"
                                variant="body2"
                                color="text.secondary"
                                sx={{ display: 'block' }}
                              >
                                {secondary}
                              </Typography>
                            )}
                          </Box>
                        }
                      />
                    </ListItem>
                  );
                })}
              </List>
            )}
            {pages.hasNextPage && (
              <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => void pages.fetchNextPage()}
                  loading={pages.isFetchingNextPage}
                >
                  {t.loadMoreCompanies}
                </Button>
              </Box>
            )}
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Typography
          role="status"
          variant="body2"
          data-testid="companies-selected"
          sx={{ flexGrow: 1, fontWeight: 500 }}
        >
          {t.companiesSelected(chosen.size)}
        </Typography>
        <Button onClick={onClose} disabled={saving}>
          {t.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={save}
          loading={saving}
          disabled={adding || pages.isPending}
        >
          {t.save}
        </Button>
      </DialogActions>
    </>
  );
}

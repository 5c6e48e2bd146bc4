import {
  createContext,
  useContext,
  useMemo,
  useState,
  type HTMLAttributes,
  type Key,
  type ReactNode,
} from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper, { type PaperProps } from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { CONTRACTOR_SEARCH_MAX_LENGTH } from '@palisade/domain/constants';
import { companyPickerMessages } from '@palisade/domain/messages/company-picker';
import type {
  ContractorPickerItem,
  ContractorSearchPage,
} from '@palisade/domain/users/contractor-search.schema';
import { useDebounced } from '../../lib/use-debounced';
import {
  pickerSearchInput,
  useContractorSearch,
  useContractorsByIds,
} from './contractor-search-api';

const t = companyPickerMessages;

/** How long the typing must pause before the server is asked. */
export const PICKER_DEBOUNCE_MS = 250;

/** A company as the picker lists it and shows it chosen. */
export interface CompanyOption {
  _id: string;
  name: string;
  /** Location, contact person: tells two companies of one name apart. */
  detail: string;
}

export function companyOption(
  c: Pick<ContractorPickerItem, '_id' | 'name' | 'location' | 'contactPersonName'>,
): CompanyOption {
  return {
    _id: c._id,
    name: c.name,
    detail: [c.location, c.contactPersonName].filter(Boolean).join(' · '),
  };
}

/**
 * The companies of `ids` by id, asked from the server (searchContractors' `ids`) 50 at a time:
 * the names of chosen companies the user did not pick in this visit (a URL's, a saved form's).
 * `settled` once every reply has come; an id missing then is not one of the organisation's.
 */
export function useCompanyNames(companyId: string, ids: readonly string[]): CompanyNames {
  return useContractorsByIds(companyId, ids, namesOf);
}

export interface CompanyNames {
  byId: ReadonlyMap<string, CompanyOption>;
  settled: boolean;
}

/** The replies as one map (useQueries' combine: made again only when a reply changes). */
function namesOf(results: readonly UseQueryResult<ContractorSearchPage>[]): CompanyNames {
  const byId = new Map<string, CompanyOption>();
  for (const r of results) for (const c of r.data?.items ?? []) byId.set(c._id, companyOption(c));
  return { byId, settled: results.every((r) => r.isSuccess || r.isError) };
}

/** A chosen id without a name: none yet (asked), or none to have (not one of the organisation's). */
function unnamed(id: string, settled: boolean): CompanyOption {
  return { _id: id, name: settled ? t.unknownCompany : '', detail: '' };
}

interface CommonProps {
  /** The organisation whose contractor companies are picked. */
  companyId: string;
  label: string;
  /** Shown in the empty input: 'All Companies', 'All contractors'. */
  placeholder?: string;
  id?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  disabled?: boolean;
  /** Takes the focus when it appears, and opens its list (a stand-in it replaces had it). */
  autoFocus?: boolean;
}

export interface SingleCompanyPickerProps extends CommonProps {
  multiple?: false;
  /** The chosen company's id; null for none (the placeholder's "All"). */
  value: string | null;
  onChange: (id: string | null) => void;
}

export interface MultipleCompanyPickerProps extends CommonProps {
  multiple: true;
  value: readonly string[];
  onChange: (ids: string[]) => void;
}

export type CompanyPickerProps = SingleCompanyPickerProps | MultipleCompanyPickerProps;

/** What the list's foot says: that more match than it shows. */
const FooterContext = createContext<string | null>(null);

/** The list's paper with, under the options, how many more match. */
function PickerPaper({ children, ...props }: PaperProps) {
  const footer = useContext(FooterContext);
  return (
    <Paper {...props}>
      {children}
      {footer && (
        <Typography
          variant="body2"
          color="text.secondary"
          role="status"
          sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
        >
          {footer}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * The search behind a picker: what the user types, settled for 250 ms, asked of the server (the
 * first 50 matches) once the list is open or something is typed; the last reply stays while the
 * next is on its way.
 */
function usePickerSearch(companyId: string) {
  const [open, setOpen] = useState(false);
  const [inputValue, setInputValue] = useState('');
  /** What the user typed (not the chosen company's name the input shows after a choice). */
  const [typed, setTyped] = useState('');
  const settled = useDebounced(typed.trim(), PICKER_DEBOUNCE_MS);
  const query = useContractorSearch(pickerSearchInput(companyId, settled), open || settled !== '');
  const options = useMemo(() => (query.data?.items ?? []).map(companyOption), [query.data]);
  const total = query.data?.total ?? 0;
  const footer = total > options.length ? t.firstMatches(options.length, total) : null;
  return {
    options,
    footer,
    /** Typing not yet asked, or asked and not answered. */
    loading: typed.trim() !== settled || query.isFetching,
    autocomplete: {
      open,
      onOpen: () => setOpen(true),
      onClose: () => setOpen(false),
      inputValue,
      onInputChange: (_event: unknown, value: string, reason: string) => {
        setInputValue(value);
        setTyped(reason === 'input' ? value : '');
      },
    },
  };
}

function renderOption(props: HTMLAttributes<HTMLLIElement> & { key: Key }, option: CompanyOption) {
  // MUI's key is the label: two companies may share a name.
  const { key: _label, ...rest } = props;
  return (
    <Box component="li" key={option._id} {...rest}>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography component="span" sx={{ display: 'block' }}>
          {option.name}
        </Typography>
        {option.detail && (
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block' }}
          >
            {option.detail}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function inputRenderer({
  label,
  placeholder,
  hasValue,
  autoFocus,
}: {
  label: string;
  placeholder?: string;
  hasValue: boolean;
  autoFocus?: boolean;
}) {
  return function CompanyPickerInput(params: AutocompleteRenderInputParams): ReactNode {
    return (
      <TextField
        {...params}
        label={label}
        placeholder={hasValue ? undefined : placeholder}
        autoFocus={autoFocus}
        margin="none"
        slotProps={{
          inputLabel: placeholder
            ? { ...params.InputLabelProps, shrink: true }
            : params.InputLabelProps,
          htmlInput: { ...params.inputProps, maxLength: CONTRACTOR_SEARCH_MAX_LENGTH },
          input: params.InputProps,
        }}
      />
    );
  };
}

const common = {
  filterOptions: (options: CompanyOption[]) => options,
  getOptionLabel: (option: CompanyOption) => option.name,
  isOptionEqualToValue: (option: CompanyOption, value: CompanyOption) => option._id === value._id,
  renderOption,
  slots: { paper: PickerPaper },
} as const;

/** The picker's own texts, in the screens' language (read when shown: issue 60). */
const texts = () => ({
  loadingText: t.searching,
  noOptionsText: t.noMatches,
  openText: t.open,
  closeText: t.close,
  clearText: t.clear,
});

function SinglePicker(props: SingleCompanyPickerProps) {
  const search = usePickerSearch(props.companyId);
  /** The company picked in this visit: its name is known without asking. */
  const [picked, setPicked] = useState<CompanyOption | null>(null);
  const wanted = props.value;
  const needsName = wanted !== null && picked?._id !== wanted;
  const names = useCompanyNames(props.companyId, needsName ? [wanted] : []);
  // One object while it stands for the same company and name: the Autocomplete resets what is
  // typed whenever its value changes.
  const value = useMemo(
    () =>
      wanted === null
        ? null
        : picked?._id === wanted
          ? picked
          : (names.byId.get(wanted) ?? unnamed(wanted, names.settled)),
    [wanted, picked, names.byId, names.settled],
  );
  return (
    <FooterContext value={search.footer}>
      <Autocomplete<CompanyOption, false, false, false>
        {...common}
        {...texts()}
        {...search.autocomplete}
        id={props.id}
        size={props.size}
        sx={props.sx}
        disabled={props.disabled}
        options={search.options}
        loading={search.loading}
        value={value}
        onChange={(_event, next) => {
          setPicked(next);
          props.onChange(next?._id ?? null);
        }}
        openOnFocus={props.autoFocus}
        renderInput={inputRenderer({
          label: props.label,
          placeholder: props.placeholder,
          hasValue: value !== null,
          autoFocus: props.autoFocus,
        })}
      />
    </FooterContext>
  );
}

function MultiplePicker(props: MultipleCompanyPickerProps) {
  const search = usePickerSearch(props.companyId);
  /** The companies picked in this visit: their names are known without asking. */
  const [picked, setPicked] = useState<ReadonlyMap<string, CompanyOption>>(() => new Map());
  // The ids as one string: the caller may pass a new array of the same ids at each render.
  const key = props.value.join('\n');
  const ids = useMemo(() => (key === '' ? [] : key.split('\n')), [key]);
  const names = useCompanyNames(
    props.companyId,
    useMemo(() => ids.filter((id) => !picked.has(id)), [ids, picked]),
  );
  // One array while the chosen companies and their names stay: the Autocomplete clears what is
  // typed whenever its value changes.
  const value = useMemo(
    () => ids.map((id) => picked.get(id) ?? names.byId.get(id) ?? unnamed(id, names.settled)),
    [ids, picked, names.byId, names.settled],
  );
  return (
    <FooterContext value={search.footer}>
      <Autocomplete<CompanyOption, true, false, false>
        {...common}
        {...texts()}
        {...search.autocomplete}
        multiple
        disableCloseOnSelect
        id={props.id}
        size={props.size}
        sx={props.sx}
        disabled={props.disabled}
        options={search.options}
        loading={search.loading}
        value={value}
        onChange={(_event, next) => {
          setPicked((current) => new Map([...current, ...next.map((o) => [o._id, o] as const)]));
          props.onChange(next.map((o) => o._id));
        }}
        openOnFocus={props.autoFocus}
        renderInput={inputRenderer({
          label: props.label,
          placeholder: props.placeholder,
          hasValue: value.length > 0,
          autoFocus: props.autoFocus,
        })}
      />
    </FooterContext>
  );
}

/**
 * A searchable picker of the organisation's contractor companies (issue 63): asks
 * POST /api/contractor/searchContractors as the user types (settled for 250 ms, the first 50
 * matches, fields 'picker': only what it lists), one company or many (chips); the names of
 * chosen companies it has not listed come through the call's `ids`. Keyboard: type, arrows,
 * Enter; Escape closes; Backspace removes a chip.
 */
export function CompanyPicker(props: CompanyPickerProps) {
  return props.multiple ? <MultiplePicker {...props} /> : <SinglePicker {...props} />;
}

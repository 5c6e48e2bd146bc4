import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { hasChoices } from '@palisade/domain/assessments/assessment.schema';
import type {
  Question,
  QuestionPageSize,
  QuestionSort,
  SortDirection,
} from '@palisade/domain/assessments/question.schema';
import { QUESTION_SEARCH_MAX_LENGTH, QUESTION_TABLE_PAGE_SIZES } from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import type { AnswerType } from '@palisade/domain/statuses';
import { FormTextField } from '../../../components/form-text-field';
import { useDebounced } from '../../../lib/use-debounced';
import { useQuestionsPage } from '../api/get-questions';
import { ANSWER_TYPE_OPTIONS, answerTypeLabel, isAnswerType } from '../answer-types';
import { ChoicesInput } from './choices-input';
import { ListPager } from '../../../components/list-pager';

const t = assessmentScreensMessages;

/** A question picked for the section, with how it is answered. */
export interface Pick {
  question: string;
  answerType: AnswerType;
  options: string[];
}

interface SelectQuestionTabProps {
  companyId: string;
  search: string;
  onSearch: (search: string) => void;
  picks: readonly Pick[];
  rowErrors: Readonly<Record<string, string>>;
  usedElsewhere: ReadonlySet<string>;
  onType: (question: string, type: AnswerType | '') => void;
  onOptions: (question: string, options: string[]) => void;
  onEdit: (question: Question) => void;
}

/**
 * Select Existing Question (spec §2.6): the organisation's bank, searchable and sortable, 5, 10
 * or 20 a page (5 by default), paged, searched and sorted by the server (a bank may hold
 * thousands). Sr.No is a question's place in the whole bank. Choosing an input type picks the
 * question; 'Choose Type' drops it. Multiple choice and checkbox questions take their choices here.
 */
export function SelectQuestionTab({
  companyId,
  search,
  onSearch,
  picks,
  rowErrors,
  usedElsewhere,
  onType,
  onOptions,
  onEdit,
}: SelectQuestionTabProps) {
  const theme = useTheme();
  // On phones the input type goes under the question: four columns would not fit 390 px.
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [sort, setSort] = useState<QuestionSort>('srNo');
  const [direction, setDirection] = useState<SortDirection>('asc');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<QuestionPageSize>(QUESTION_TABLE_PAGE_SIZES[0]);
  // A longer search holds the first 100 characters anyway; the server takes no more.
  const settled = useDebounced(search.trim().slice(0, QUESTION_SEARCH_MAX_LENGTH), 300);

  const query = useQuestionsPage(companyId, {
    page: page + 1,
    pageSize,
    search: settled,
    sort,
    direction,
  });
  const shown = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const pickOf = useMemo(() => new Map(picks.map((p) => [p.question, p])), [picks]);
  // A page past the end (the bank shrank, or a search matched fewer): show the last one.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  useEffect(() => {
    if (query.data && page > lastPage) setPage(lastPage);
  }, [query.data, page, lastPage]);

  const sortBy = (key: QuestionSort) => {
    if (sort === key) setDirection(direction === 'asc' ? 'desc' : 'asc');
    else {
      setSort(key);
      setDirection('asc');
    }
    setPage(0);
  };

  const header = (key: QuestionSort, label: string) => (
    <TableSortLabel
      active={sort === key}
      direction={sort === key ? direction : 'asc'}
      onClick={() => sortBy(key)}
    >
      {label}
    </TableSortLabel>
  );

  return (
    <Box>
      <FormTextField
        type="search"
        label={t.search}
        value={search}
        onChange={(event) => {
          onSearch(event.target.value);
          setPage(0);
        }}
        margin="none"
        size="small"
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
        sx={{ mb: 2 }}
      />
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t.questionsTable} sx={{ minWidth: compact ? 0 : 640 }}>
          <TableHead>
            <TableRow>
              <TableCell
                sx={{ width: compact ? 56 : 80, px: compact ? 1 : 2 }}
                sortDirection={sort === 'srNo' ? direction : false}
              >
                {header('srNo', t.srNo)}
              </TableCell>
              <TableCell sortDirection={sort === 'question' ? direction : false}>
                {header('question', t.questionsColumn)}
              </TableCell>
              {!compact && <TableCell sx={{ width: 240 }}>{t.inputType}</TableCell>}
              <TableCell sx={{ width: compact ? 48 : 80, px: compact ? 0.5 : 2 }} align="center">
                {t.actions}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={compact ? 3 : 4}
                  align="center"
                  sx={{ py: 4, color: 'text.secondary' }}
                >
                  {query.isPending
                    ? coreMessages.common.loading
                    : settled === ''
                      ? t.noQuestionsInBank
                      : t.noQuestionsMatch}
                </TableCell>
              </TableRow>
            )}
            {shown.map((question) => {
              const { srNo } = question;
              const pick = pickOf.get(question._id);
              const error = rowErrors[question._id];
              const typeInput = (
                <>
                  <TextField
                    select
                    size="small"
                    margin="none"
                    value={pick?.answerType ?? ''}
                    onChange={(event) => {
                      const value = event.target.value;
                      onType(question._id, isAnswerType(value) ? value : '');
                    }}
                    slotProps={{
                      select: { native: true },
                      htmlInput: { 'aria-label': t.answerTypeLabel(srNo) },
                    }}
                  >
                    <option value="">{t.chooseType}</option>
                    {ANSWER_TYPE_OPTIONS.map((type) => (
                      <option key={type} value={type}>
                        {answerTypeLabel(type)}
                      </option>
                    ))}
                  </TextField>
                  {pick && hasChoices(pick.answerType) && (
                    <ChoicesInput
                      value={pick.options}
                      onChange={(options) => onOptions(question._id, options)}
                      ariaLabel={t.choicesLabel(srNo)}
                      error={error}
                    />
                  )}
                </>
              );
              return (
                <TableRow
                  key={question._id}
                  data-testid="bank-row"
                  data-picked={pick !== undefined || undefined}
                  // A stripe, not a tinted row: error texts in the row keep their contrast.
                  sx={
                    pick ? { boxShadow: `inset 4px 0 0 ${theme.palette.primary.main}` } : undefined
                  }
                >
                  <TableCell sx={{ px: compact ? 1 : 2 }}>{srNo}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {question.questText}
                    {usedElsewhere.has(question._id) && (
                      <Chip
                        size="small"
                        color="warning"
                        variant="outlined"
                        label={assessmentMessages.usedElsewhere}
                        sx={{ ml: 1 }}
                      />
                    )}
                    {compact && <Box sx={{ mt: 1 }}>{typeInput}</Box>}
                  </TableCell>
                  {!compact && <TableCell>{typeInput}</TableCell>}
                  <TableCell align="center" sx={{ px: compact ? 0.5 : 2 }}>
                    <IconButton
                      aria-label={t.editQuestionLabel(srNo)}
                      onClick={() => onEdit(question)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPager
        total={total}
        page={page}
        onPage={setPage}
        pageSize={pageSize}
        sizes={QUESTION_TABLE_PAGE_SIZES}
        onPageSize={setPageSize}
      />
    </Box>
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CommentOutlined from '@mui/icons-material/CommentOutlined';
import { LEARNING_TABLE_PAGE_SIZES } from '@palisade/domain/constants';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import type {
  ResponseQuestionReply,
  ResponseSectionReply,
} from '@palisade/domain/responses/response.schema';
import { pagerTexts } from '../../../components/list-pager';
import { AnswerView } from './answer-view';
import { JudgementHistory } from './judgement-history';
import { ReadonlyQuestionActions } from './question-actions';
import { AuditorFilesView } from './auditor-files';
import { StatusMark } from './status-mark';
import { LabelledPart, QuestionCardHead, QuestionCardList } from './question-card-parts';

const t = responseScreensMessages;
const r = reviewScreensMessages;

/** The detail page's questions table sizes (spec §2.5: 10, 20, 30). */
export const DETAIL_PAGE_SIZES = LEARNING_TABLE_PAGE_SIZES;

/** One row: a question with its section and its number in that section. */
export interface ReadonlyRow {
  section: Pick<ResponseSectionReply, '_id' | 'category'>;
  question: ResponseQuestionReply;
  number: number;
}

/** Every question of the sections, in order, numbered within its section. */
export function rowsOf(sections: readonly ResponseSectionReply[]): ReadonlyRow[] {
  return sections.flatMap((section) =>
    section.questions.map((question, i) => ({ section, question, number: i + 1 })),
  );
}

interface ReadonlyQuestionsProps {
  responseId: string;
  rows: readonly ReadonlyRow[];
  /** The Category column, when the rows come from several sections. */
  showCategory: boolean;
  /** Rows per page: 10, 20, 30 on the detail page; 5, 10, 20 on view_assessment (spec §2.5). */
  pageSizes?: readonly number[];
}

/** What a row and a card show of one question. */
function useRowParts(
  { section, question, number }: ReadonlyRow,
  responseId: string,
  onRemarks: (remarks: { n: number; text: string }) => void,
) {
  return {
    status: <StatusMark assessStatus={question.assessStatus} />,
    topic: (
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Typography component="span" color="text.secondary">{`${number}.`}</Typography>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{question.question.questText}</Typography>
          <JudgementHistory number={number} history={question.history} />
        </Box>
      </Box>
    ),
    answer: (
      <>
        <AnswerView question={question} />
        <ReadonlyQuestionActions
          number={number}
          responseId={responseId}
          sectionId={section._id}
          questionId={question._id}
          questionText={question.question.questText}
          files={question.answer.attachment}
        />
        <AuditorFilesView number={number} files={question.auditorAttachments} />
      </>
    ),
    remarks: question.remarks ? (
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
        <Typography
          variant="body2"
          sx={{
            overflow: 'hidden',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflowWrap: 'anywhere',
          }}
        >
          {question.remarks}
        </Typography>
        <IconButton
          size="small"
          aria-label={r.viewRemarks(number)}
          aria-haspopup="dialog"
          onClick={() => onRemarks({ n: number, text: question.remarks ?? '' })}
        >
          <CommentOutlined fontSize="small" />
        </IconButton>
      </Box>
    ) : (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    ),
  };
}

interface RowProps {
  row: ReadonlyRow;
  responseId: string;
  showCategory: boolean;
  onRemarks: (remarks: { n: number; text: string }) => void;
}

function QuestionRow({ row, responseId, showCategory, onRemarks }: RowProps) {
  const parts = useRowParts(row, responseId, onRemarks);
  return (
    <TableRow data-question={row.question.question.questText} sx={{ verticalAlign: 'top' }}>
      <TableCell>{parts.status}</TableCell>
      {/* break-word (not anywhere): the Category column keeps its words whole at 1280 px (issue 19). */}
      {showCategory && (
        <TableCell sx={{ overflowWrap: 'break-word', minWidth: 140 }}>
          {row.section.category.name}
        </TableCell>
      )}
      <TableCell>{parts.topic}</TableCell>
      <TableCell>{parts.answer}</TableCell>
      <TableCell>{parts.remarks}</TableCell>
    </TableRow>
  );
}

function QuestionCard({ row, responseId, showCategory, onRemarks }: RowProps) {
  const parts = useRowParts(row, responseId, onRemarks);
  return (
    <Card component="li" variant="outlined" data-question={row.question.question.questText}>
      <CardContent sx={{ display: 'grid', gap: 1.5, p: 2 }}>
        {showCategory && (
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.section.category.name}
          </Typography>
        )}
        <QuestionCardHead topic={parts.topic} status={parts.status} />
        <LabelledPart label={r.columnCompanyResponse}>{parts.answer}</LabelledPart>
        <LabelledPart label={r.columnRemarks}>{parts.remarks}</LabelledPart>
      </CardContent>
    </Card>
  );
}

/**
 * The organisation's questions table (spec §2.5): answers, judgements and remarks read-only; the
 * files and the chat of each question; remarks open in a dialog; pages of 10, 20 or 30. On
 * phones each question is a card instead of a row.
 */
export function ReadonlyQuestions({
  responseId,
  rows,
  showCategory,
  pageSizes = DETAIL_PAGE_SIZES,
}: ReadonlyQuestionsProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(pageSizes[0] ?? DETAIL_PAGE_SIZES[0]);
  const [remarks, setRemarks] = useState<{ n: number; text: string } | null>(null);
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const shown = rows.slice(current * pageSize, current * pageSize + pageSize);
  const rowProps = { responseId, showCategory, onRemarks: setRemarks };

  return (
    <Card>
      {wide ? (
        <TableContainer>
          <Table aria-label={r.questionsTable}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600, width: 64 }}>{t.columnStatus}</TableCell>
                {showCategory && <TableCell sx={{ fontWeight: 600 }}>{r.columnCategory}</TableCell>}
                <TableCell sx={{ fontWeight: 600, width: '32%' }}>{t.columnTopic}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{r.columnCompanyResponse}</TableCell>
                <TableCell sx={{ fontWeight: 600, width: '22%' }}>{r.columnRemarks}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.length === 0 && (
                <TableRow>
                  <TableCell colSpan={showCategory ? 5 : 4}>
                    <Typography color="text.secondary">{r.noQuestions}</Typography>
                  </TableCell>
                </TableRow>
              )}
              {shown.map((row) => (
                <QuestionRow key={row.question._id} row={row} {...rowProps} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <CardContent sx={{ p: 1.5 }}>
          {shown.length === 0 && <Typography color="text.secondary">{r.noQuestions}</Typography>}
          <QuestionCardList label={r.questionsTable} gap={1.5}>
            {shown.map((row) => (
              <QuestionCard key={row.question._id} row={row} {...rowProps} />
            ))}
          </QuestionCardList>
        </CardContent>
      )}
      <TablePagination
        component="div"
        count={rows.length}
        page={current}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...pageSizes]}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        {...pagerTexts()}
      />
      <Dialog
        open={remarks !== null}
        onClose={() => setRemarks(null)}
        maxWidth="sm"
        fullWidth
        aria-labelledby="remarks-title"
      >
        <DialogTitle id="remarks-title">
          {remarks ? r.viewRemarks(remarks.n) : r.remarksTitle}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {remarks?.text}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemarks(null)} autoFocus>
            {r.close}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

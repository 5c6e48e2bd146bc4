import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Link as RouterLink } from 'react-router';
import type {
  AssessmentReply,
  NewAssessmentsPageSize,
} from '@palisade/domain/assessments/assessment.schema';
import { NEW_ASSESSMENTS_PAGE_SIZES } from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate } from '../../../lib/dates';
import { useProfile } from '../../../lib/session';
import { useHeldWhileClosing } from '../../../lib/use-held-while-closing';
import { useDeleteAssessment } from '../api/delete-assessment';
import { useNewAssessments } from '../api/get-new-assessments';
import { assessmentPaths, organisationOf } from '../assessments-paths';
import { ListPager } from '../../../components/list-pager';
import { DuplicateAssessmentButton } from '../../../components/templates/duplicate-assessment';

const t = assessmentScreensMessages;

/**
 * The Assessments modal of the overview (spec §2.4): the assessments no contractor has started
 * yet (status NEW), each with its edit link and Delete (after a confirmation; issue 56: an extra
 * copy could not be removed); paged by the server, 10, 20 or 30 a page (the spec gives no size:
 * the organisation's other lists offer these).
 */
export function AssessmentsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const helpId = useId();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<NewAssessmentsPageSize>(NEW_ASSESSMENTS_PAGE_SIZES[0]);
  const query = useNewAssessments(organisationOf(useProfile()), { page: page + 1, pageSize }, open);
  const remove = useDeleteAssessment();
  const [deleting, setDeleting] = useState<AssessmentReply | null>(null);
  const shownDeleting = useHeldWhileClosing(deleting);
  const unanswered = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  // A page past the end (assessments were started meanwhile): show the last one.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  useEffect(() => {
    if (query.data && page > lastPage) setPage(lastPage);
  }, [query.data, page, lastPage]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={helpId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t.modalTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={helpId}>{t.modalHelp}</DialogContentText>
        {query.isPending && (
          <LinearProgress aria-label={coreMessages.common.loading} sx={{ mt: 2 }} />
        )}
        {query.isSuccess && total === 0 && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t.modalEmpty}
          </Typography>
        )}
        {unanswered.length > 0 && (
          <List aria-labelledby={titleId} sx={{ mt: 1 }}>
            {unanswered.map((a) => (
              <ListItem
                key={a._id}
                divider
                disableGutters
                sx={{ gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
                data-testid="unanswered-assessment"
              >
                <ListItemText
                  primary={a.name}
                  secondary={`${t.due(formatDate(a.dueDate))} · ${t.sharedWith(a.contractors.length)}`}
                  sx={{ overflowWrap: 'anywhere' }}
                />
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>
                  <DuplicateAssessmentButton source={a} size="small" />
                  <Button
                    component={RouterLink}
                    to={assessmentPaths.edit(a._id)}
                    variant="outlined"
                    size="small"
                    startIcon={<EditOutlined fontSize="small" />}
                    aria-label={t.editLabel(a.name)}
                  >
                    {t.edit}
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    size="small"
                    startIcon={<DeleteOutline fontSize="small" />}
                    aria-label={t.deleteLabel(a.name)}
                    aria-haspopup="dialog"
                    onClick={() => setDeleting(a)}
                  >
                    {t.delete}
                  </Button>
                </Box>
              </ListItem>
            ))}
          </List>
        )}
        {total > NEW_ASSESSMENTS_PAGE_SIZES[0] && (
          <ListPager
            total={total}
            page={page}
            onPage={setPage}
            pageSize={pageSize}
            sizes={NEW_ASSESSMENTS_PAGE_SIZES}
            onPageSize={setPageSize}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
      <ConfirmDialog
        open={deleting !== null}
        title={t.deleteTitle}
        message={t.deleteConfirm(shownDeleting?.name ?? '')}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        destructive
        loading={remove.isPending}
        onConfirm={() => {
          if (!deleting || remove.isPending) return;
          // Refused (a company started it meanwhile): the Error dialog tells why, the list is read again.
          remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
        }}
        onCancel={() => setDeleting(null)}
      />
    </Dialog>
  );
}

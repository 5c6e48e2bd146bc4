import { useId } from 'react';
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
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Link as RouterLink } from 'react-router';
import { messages } from '@palisade/domain/messages';
import { formatDate } from '../../../lib/dates';
import { useProfile } from '../../../lib/session';
import { useNewAssessments } from '../api/get-new-assessments';
import { assessmentPaths, organisationOf } from '../assessments-paths';

const t = messages.assessmentScreens;

/**
 * The Assessments modal of the overview (spec §2.4): the assessments no contractor has started
 * yet (status NEW), each with its edit link.
 */
export function AssessmentsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const helpId = useId();
  const query = useNewAssessments(organisationOf(useProfile()), open);
  const unanswered = query.data ?? [];

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
        {query.isPending && <LinearProgress aria-label={messages.common.loading} sx={{ mt: 2 }} />}
        {query.isSuccess && unanswered.length === 0 && (
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
                <Button
                  component={RouterLink}
                  to={assessmentPaths.edit(a._id)}
                  variant="outlined"
                  size="small"
                  startIcon={<EditOutlined fontSize="small" />}
                  aria-label={t.editLabel(a.name)}
                  sx={{ flexShrink: 0 }}
                >
                  {t.edit}
                </Button>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

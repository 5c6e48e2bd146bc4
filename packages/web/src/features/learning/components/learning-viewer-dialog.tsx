import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DocType } from '@palisade/domain/learning/learning.rules';
import type { LearningDoc } from '@palisade/domain/learning/learning.schema';
import { learningMessages } from '@palisade/domain/learning/learning.messages';
import { formatDate } from '../../../lib/dates';
import { useHeldWhileClosing } from '../../../lib/use-held-while-closing';

const m = learningMessages;

/** What a learning document holds, shown by its type: image, PDF, video (seekable) or Youtube embed. */
export function LearningContent({ doc }: { doc: LearningDoc }) {
  switch (doc.type) {
    case DocType.IMAGE:
      return <Box component="img" src={doc.item_url} alt={doc.title} sx={{ display: 'block', maxWidth: '100%', maxHeight: '65vh', mx: 'auto' }} />;
    case DocType.VIDEO:
      return (
        <Box component="video" controls preload="metadata" src={doc.item_url} aria-label={m.videoTitle(doc.title)} sx={{ display: 'block', width: '100%', maxHeight: '65vh', bgcolor: 'common.black' }} />
      );
    case DocType.PDF:
      return <Box component="iframe" src={doc.item_url} title={m.pdfTitle(doc.title)} sx={{ width: '100%', height: '65vh', border: 0, display: 'block' }} />;
    case DocType.YOUTUBE:
      return (
        <Box sx={{ position: 'relative', width: '100%', pt: '56.25%' }}>
          <Box
            component="iframe"
            src={doc.item_url}
            title={m.youtubeTitle(doc.title)}
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        </Box>
      );
    default:
      return null;
  }
}

/** A learning document or notice in a dialog: its description, then its content. Full screen on phones. */
export function LearningViewerDialog({ doc: current, onClose }: { doc: LearningDoc | null; onClose: () => void }) {
  // Named and filled until it has faded out.
  const doc = useHeldWhileClosing(current);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={current !== null} onClose={onClose} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby="learning-viewer-title">
      <DialogTitle id="learning-viewer-title" sx={{ overflowWrap: 'anywhere' }}>
        {doc?.title}
      </DialogTitle>
      <DialogContent dividers>
        {doc && (
          <>
            <Typography sx={{ mb: 1, whiteSpace: 'pre-wrap' }}>{doc.desc}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {formatDate(doc.createdAt)} · {doc.creatorName} · {m.minutes(doc.totaltime)} · {m.rewardsLabel(doc.rewards)}
            </Typography>
            <LearningContent doc={doc} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {m.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

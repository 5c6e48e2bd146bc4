import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { documentsMessages } from '@palisade/domain/messages/documents';
import { useHeldWhileClosing } from '../lib/use-held-while-closing';

/**
 * Shows a stored file (through its authorized link): images in place, PDFs in the browser's
 * viewer, other files (spreadsheets, CSV) as a download. Full screen on phones.
 */
export function FileViewerDialog({
  file: current,
  onClose,
}: {
  file: FileRecord | null;
  onClose: () => void;
}) {
  // Named and filled until it has faded out.
  const file = useHeldWhileClosing(current);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const image = file?.fileType.startsWith('image/') ?? false;
  const pdf = file?.fileType === 'application/pdf';
  return (
    <Dialog
      open={current !== null}
      onClose={onClose}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      aria-labelledby="file-viewer-title"
    >
      <DialogTitle id="file-viewer-title" sx={{ overflowWrap: 'anywhere' }}>
        {file?.fileName}
      </DialogTitle>
      <DialogContent dividers>
        {file && image && (
          <Box
            component="img"
            src={file.fileLink}
            alt={file.fileName}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto' }}
          />
        )}
        {file && pdf && (
          <Box
            component="iframe"
            src={file.fileLink}
            title={file.fileName}
            sx={{ width: '100%', height: '70vh', border: 0, display: 'block' }}
          />
        )}
        {file && !image && !pdf && (
          <Typography color="text.secondary">{documentsMessages.previewUnavailable}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        {file && (
          <Button component="a" href={file.fileLink} download={file.fileName}>
            {documentsMessages.download}
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          {documentsMessages.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

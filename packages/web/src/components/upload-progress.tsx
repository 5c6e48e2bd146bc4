import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { filesMessages as t } from '@palisade/domain/messages/files';
import { useRunningUploads, type RunningUpload } from '../lib/uploads';

/** Plain style overrides only (margins, alignment): merged over the list's own. */
type SystemStyleObject = Record<string, string | number>;

function percentOf(upload: RunningUpload): number {
  if (upload.total <= 0) return 0;
  return Math.min(100, Math.round((upload.loaded / upload.total) * 100));
}

/**
 * The uploads of one scope while they run (issue 56): each file's name and a determinate bar of
 * the bytes sent, named after the file for assistive tech. Nothing once they are done.
 */
export function UploadProgress({ scope, sx }: { scope: string; sx?: SystemStyleObject }) {
  const uploads = useRunningUploads(scope);
  if (uploads.length === 0) return null;
  return (
    <Box
      sx={{ display: 'grid', gap: 1, minWidth: 0, ...sx }}
      data-testid="upload-progress"
    >
      {uploads.map((upload) => {
        const percent = percentOf(upload);
        const sent = t.uploadedOf(t.size(upload.loaded), t.size(upload.total), percent);
        return (
          <Box key={upload.id} sx={{ minWidth: 0 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, mb: 0.5 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {t.uploading(upload.name)}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {sent}
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={t.uploadProgressOf(upload.name)}
              aria-valuetext={sent}
              sx={{ height: 6, borderRadius: 3 }}
            />
          </Box>
        );
      })}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import type { ExportJob, ExportStatus } from '@palisade/domain/exports/export.schema';
import { exportMessages } from '@palisade/domain/exports/export.messages';
import { sizeText } from '@palisade/domain/files/file.rules';
import { useClientId } from '../../lib/client-id';
import { formatDateTime } from '../../lib/dates';
import { useMyExport, useRequestExport } from './data-export-api';

const t = exportMessages;

const STATUS_COLOUR: Record<ExportStatus, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'info',
  building: 'info',
  ready: 'success',
  failed: 'error',
  expired: 'default',
};

function ExportState({ job }: { job: ExportJob }) {
  const working = job.status === 'queued' || job.status === 'building';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="export-state">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" component="span">
          {t.statusLabel}:
        </Typography>
        <Chip size="small" color={STATUS_COLOUR[job.status]} label={t.status[job.status]} />
        <Typography variant="body2" color="text.secondary" component="span">
          {t.askedAt(formatDateTime(job.createdAt))}
        </Typography>
      </Box>
      {working && <LinearProgress aria-label={t.status[job.status]} />}
      {job.status === 'ready' && job.downloadUrl && job.expiresAt && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Typography variant="body2" sx={{ flex: '1 1 240px' }}>
            {t.readyUntil(formatDateTime(job.expiresAt))}
            {job.size !== null && ` ${t.sizeOf(sizeText(job.size))}`}
          </Typography>
          {/* A plain link: the browser streams the zip to disk, with the session cookie. */}
          <Button variant="contained" href={job.downloadUrl} download={job.fileName ?? true} startIcon={<DownloadOutlined />}>
            {t.download}
          </Button>
        </Box>
      )}
      {job.status === 'failed' && <Alert severity="error">{t.failedHelp}</Alert>}
      {job.status === 'expired' && <Alert severity="info">{t.expiredHelp}</Alert>}
    </Box>
  );
}

/**
 * Settings (the organisation's admins): "Export all data" (issue 61). Asks for the export, shows
 * its state while it is built (read again every few seconds), then its download link and expiry.
 */
export function DataExportCard() {
  const mine = useMyExport(true);
  const request = useRequestExport();
  const clientId = useClientId();
  const job = mine.data?.export ?? null;
  const working = job?.status === 'queued' || job?.status === 'building';

  const ask = () => {
    request.mutate(clientId.id, { onSuccess: () => clientId.renew() });
  };

  return (
    <Card component="section" aria-labelledby="data-export-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography id="data-export-title" component="h2" variant="h6">
          {t.cardTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t.cardHelp}
        </Typography>
        {mine.isPending ? (
          <Skeleton variant="rounded" height={48} aria-label={t.loading} />
        ) : job ? (
          <ExportState job={job} />
        ) : (
          <Typography variant="body2">{t.none}</Typography>
        )}
        <Box>
          <Button variant={job?.status === 'ready' ? 'outlined' : 'contained'} onClick={ask} loading={request.isPending} disabled={working || mine.isPending}>
            {job ? t.requestAgain : t.request}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

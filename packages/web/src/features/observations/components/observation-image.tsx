import { useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { observationMessages } from '@palisade/domain/messages/observation';

const t = observationMessages;

/** The report's photo, with a spinner until it has loaded; 'No Image' without one. */
export function ObservationImage({ image, srno }: { image: FileRecord | null; srno: number }) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!image || failed) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 160, bgcolor: 'action.hover', borderRadius: 1 }}>
        <Typography color="text.secondary">{t.noImage}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ position: 'relative', minHeight: loaded ? 0 : 160 }}>
      {!loaded && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label={t.loadingImage} />
        </Box>
      )}
      <Box
        component="img"
        src={image.fileLink}
        alt={t.imageAlt(srno)}
        onLoad={() => setLoaded(true)}
        onError={() => setFailed(true)}
        sx={{ display: 'block', width: '100%', maxHeight: 360, objectFit: 'contain', borderRadius: 1, opacity: loaded ? 1 : 0 }}
      />
    </Box>
  );
}

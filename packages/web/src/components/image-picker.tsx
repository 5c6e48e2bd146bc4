import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  ALLOWED_EXTENSIONS,
  isAllowedExtension,
  isAllowedSize,
} from '@palisade/domain/files/file.rules';
import { filesMessages } from '@palisade/domain/messages/files';
import { profileMessages } from '@palisade/domain/messages/profile';
import { webMessages } from '@palisade/domain/messages/web';
import { showError } from '../lib/notifier';
import { UploadProgress } from './upload-progress';

/** The progress scope of a profile picture's upload: one picker on a page at most. */
export const IMAGE_UPLOAD_SCOPE = 'profile-image';

const ACCEPT = ALLOWED_EXTENSIONS.profileImage.map((ext) => `.${ext}`).join(',');

interface ImagePickerProps {
  /** Shown while no file is chosen (the stored picture), and its initial letter otherwise. */
  src?: string | null;
  name: string;
  buttonLabel: string;
  /** A .jpg or .png of at most 10 MB; anything else is refused with the spec's text. */
  onPick: (file: File) => void;
  /** A file chosen but not uploaded yet (add forms): previewed in place of `src`. */
  chosen?: File | null;
  loading?: boolean;
  disabled?: boolean;
}

/**
 * A profile picture with its choose button. The picture is checked by extension and size here
 * (the server checks the bytes); what happens to it is the caller's: upload now, or after create.
 */
export function ImagePicker({
  src,
  name,
  buttonLabel,
  onPick,
  chosen = null,
  loading = false,
  disabled = false,
}: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!chosen) return setPreview(null);
    const url = URL.createObjectURL(chosen);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    if (!isAllowedExtension(file.name, 'profileImage'))
      return showError(profileMessages.imageTypeNotSupported);
    if (!isAllowedSize(file.size)) return showError(filesMessages.tooLarge);
    onPick(file);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, pt: 1 }}>
      <Avatar
        src={preview ?? src ?? undefined}
        alt={name}
        sx={{ width: 96, height: 96, fontSize: '2rem' }}
      >
        {name.charAt(0).toUpperCase() || undefined}
      </Avatar>
      <Typography color="text.secondary" variant="body2" sx={{ textAlign: 'center' }}>
        {chosen ? chosen.name : webMessages.profileImageHelp}
      </Typography>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        onChange={onFile}
        data-testid="image-picker-input"
      />
      <Button
        variant="outlined"
        onClick={() => input.current?.click()}
        loading={loading}
        disabled={disabled}
      >
        {buttonLabel}
      </Button>
      <UploadProgress scope={IMAGE_UPLOAD_SCOPE} sx={{ alignSelf: 'stretch' }} />
    </Box>
  );
}

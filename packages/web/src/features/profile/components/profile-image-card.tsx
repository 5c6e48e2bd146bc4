import { useRef, type ChangeEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import {
  ALLOWED_EXTENSIONS,
  isAllowedExtension,
  isAllowedSize,
} from '@palisade/domain/files/file.rules';
import { filesMessages } from '@palisade/domain/messages/files';
import { profileMessages } from '@palisade/domain/messages/profile';
import { webMessages } from '@palisade/domain/messages/web';
import { IMAGE_UPLOAD_SCOPE } from '../../../components/image-picker';
import { SectionCard } from '../../../components/section-card';
import { UploadProgress } from '../../../components/upload-progress';
import { showError } from '../../../lib/notifier';
import { useUploadProfileImage } from '../api/upload-profile-image';

const ACCEPT = ALLOWED_EXTENSIONS.profileImage.map((ext) => `.${ext}`).join(',');

/** The profile picture and its upload button. The server checks the bytes; this spares a round trip. */
export function ProfileImageCard({ profile }: { profile: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    if (!isAllowedExtension(file.name, 'profileImage'))
      return showError(profileMessages.imageTypeNotSupported);
    if (!isAllowedSize(file.size)) return showError(filesMessages.tooLarge);
    upload.mutate(file);
  };

  return (
    <SectionCard title={webMessages.profilePicture}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, pt: 1 }}>
        <Avatar
          src={profile.profileImage?.fileLink}
          alt={profile.name}
          sx={{ width: 96, height: 96, fontSize: '2rem' }}
        >
          {profile.name.charAt(0).toUpperCase()}
        </Avatar>
        <Typography color="text.secondary" variant="body2">
          {webMessages.profileImageHelp}
        </Typography>
        <input ref={input} type="file" accept={ACCEPT} hidden onChange={onFile} />
        <Button
          variant="outlined"
          onClick={() => input.current?.click()}
          loading={upload.isPending}
        >
          {profileMessages.uploadPicture}
        </Button>
        <UploadProgress scope={IMAGE_UPLOAD_SCOPE} sx={{ alignSelf: 'stretch' }} />
      </Box>
    </SectionCard>
  );
}

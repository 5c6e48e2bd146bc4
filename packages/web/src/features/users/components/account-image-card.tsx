import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { ImagePicker } from '../../../components/image-picker';
import { SectionCard } from '../../../components/section-card';

interface AccountImageCardProps {
  name: string;
  src?: string | null;
  onPick: (file: File) => void;
  /**
   * 'choose' on add forms: the file waits for the account to exist and is previewed meanwhile;
   * 'upload' on View and Edit: the page uploads it at once.
   */
  mode: 'choose' | 'upload';
  chosen?: File | null;
  loading?: boolean;
  disabled?: boolean;
}

/** The profile image (.jpg, .png) card of every add, view and edit page of the Users area. */
export function AccountImageCard({ mode, ...picker }: AccountImageCardProps) {
  const t = userScreensMessages;
  return (
    <SectionCard title={t.picture}>
      <ImagePicker
        {...picker}
        buttonLabel={mode === 'choose' ? t.choosePicture : t.uploadPicture}
      />
    </SectionCard>
  );
}

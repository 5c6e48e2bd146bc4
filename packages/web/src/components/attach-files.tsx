import { useRef, type ChangeEvent } from 'react';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { showError } from '../lib/notifier';

export interface AttachFilesProps {
  /** The files chosen so far. */
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** The file picker's filter, e.g. ".jpeg,.jpg,.png". */
  accept: string;
  buttonLabel: string;
  /** The refusal text for the whole choice (types, sizes, count), or null; a refusal opens the Error dialog. */
  check: (files: readonly File[]) => string | null;
  removeLabel: (name: string) => string;
  disabled?: boolean;
  /** The name given to the hidden input (tests and e2e find it by it). */
  inputName: string;
}

/**
 * A button that adds files to a list, and the list as chips that can be removed. Each choice is
 * checked with the caller's rule before it joins (the server checks the bytes again).
 */
export function AttachFiles({
  files,
  onChange,
  accept,
  buttonLabel,
  check,
  removeLabel,
  disabled = false,
  inputName,
}: AttachFilesProps) {
  const input = useRef<HTMLInputElement>(null);
  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (chosen.length === 0) return;
    const next = [...files, ...chosen];
    const refusal = check(next);
    if (refusal) return showError(refusal);
    onChange(next);
  };
  return (
    <Box>
      <input
        ref={input}
        type="file"
        name={inputName}
        accept={accept}
        multiple
        hidden
        onChange={onFiles}
      />
      <Button
        startIcon={<AttachFileOutlined />}
        variant="outlined"
        onClick={() => input.current?.click()}
        disabled={disabled}
      >
        {buttonLabel}
      </Button>
      {files.length > 0 && (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <Chip
                label={f.name}
                onDelete={disabled ? undefined : () => onChange(files.filter((_, j) => j !== i))}
                deleteIcon={<CancelOutlined titleAccess={removeLabel(f.name)} />}
                sx={{ maxWidth: '100%' }}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

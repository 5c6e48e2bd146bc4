import { useEffect, useState, type ComponentType } from 'react';
import TextField from '@mui/material/TextField';
import { loadOnce } from '../../lib/load-once';
import type { SingleCompanyPickerProps } from './company-picker';

const loadPicker = loadOnce(() => import('./company-picker').then((m) => m.CompanyPicker));

/**
 * A single CompanyPicker whose code (MUI Autocomplete, its popper) is not part of the page's first
 * load (issue 63: the homes' main-thread work): until the user reaches for it, an input of the same
 * look stands in; pointing at it or focusing it fetches the picker, which takes over with the
 * focus. A value to show (a chosen company) fetches it at once.
 */
export function DeferredCompanyPicker(props: SingleCompanyPickerProps) {
  const [Picker, setPicker] = useState<ComponentType<SingleCompanyPickerProps> | null>(null);
  const [wanted, setWanted] = useState<'no' | 'yes' | 'focused'>(
    props.value === null ? 'no' : 'yes',
  );

  useEffect(() => {
    if (wanted === 'no' || Picker) return;
    let live = true;
    loadPicker().then(
      (loaded) => {
        if (live) setPicker(() => loaded);
      },
      () => {
        // Not fetched (offline): the stand-in stays; the next reach tries again.
        if (live) setWanted('no');
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, Picker]);

  if (Picker) return <Picker {...props} autoFocus={wanted === 'focused'} />;
  return (
    <TextField
      id={props.id}
      label={props.label}
      placeholder={props.placeholder}
      size={props.size}
      sx={props.sx}
      disabled={props.disabled}
      margin="none"
      value=""
      onPointerEnter={() => setWanted((w) => (w === 'no' ? 'yes' : w))}
      onFocus={() => setWanted('focused')}
      slotProps={{
        inputLabel: props.placeholder ? { shrink: true } : undefined,
        htmlInput: {
          readOnly: true,
          role: 'combobox',
          'aria-expanded': false,
          'aria-autocomplete': 'list',
        },
      }}
    />
  );
}

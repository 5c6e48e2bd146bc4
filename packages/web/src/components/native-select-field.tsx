import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export interface NativeSelectOption {
  value: string;
  label: string;
}

/**
 * An outlined select whose list is the browser's own (<select> with a real <label for>): what a
 * filter on a page's first screen needs, without MUI's Select, Menu, Popover and Modal, which
 * TextField's `select` mode brings (issue 13: a tenth of the organisation home's first load). The
 * browser's list is also the one a phone shows best and scrolls hundreds of contractors fast.
 */
export function NativeSelectField({
  label,
  value,
  options,
  onChange,
  sx,
}: {
  label: string;
  value: string;
  options: readonly NativeSelectOption[];
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}) {
  const id = useId();
  return (
    <FormControl size="small" variant="outlined" sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(e) => onChange(e.target.value)}
        input={<OutlinedInput id={id} label={label} notched />}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}

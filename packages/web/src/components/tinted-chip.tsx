import Chip, { type ChipProps } from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';

export type PaletteTone = 'primary' | 'success' | 'warning' | 'error' | 'info';

interface TintedChipProps extends Omit<ChipProps, 'color' | 'variant' | 'sx'> {
  tone: PaletteTone;
}

/**
 * A small chip tinted with a palette colour: a light fill and a border in the colour, dark text.
 * The theme's warning and info colours are too light for white text (WCAG contrast), so the
 * colour marks the chip and the text stays readable.
 */
export function TintedChip({ tone, ...props }: TintedChipProps) {
  return (
    <Chip
      size="small"
      variant="outlined"
      {...props}
      sx={(theme) => ({
        color: 'text.primary',
        fontWeight: 600,
        borderColor: theme.palette[tone].main,
        backgroundColor: alpha(theme.palette[tone].main, 0.12),
      })}
    />
  );
}

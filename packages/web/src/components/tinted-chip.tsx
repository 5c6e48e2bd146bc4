import type { HTMLAttributes, ReactNode } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';

export type PaletteTone = 'primary' | 'success' | 'warning' | 'error' | 'info';

interface TintedChipProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'color'> {
  tone: PaletteTone;
  label: ReactNode;
  /** small (24 px high, the default) or medium (32 px), as MUI's Chip. */
  size?: 'small' | 'medium';
  /**
   * Whether a row too narrow for it may shorten its label with an ellipsis (the default, for a
   * name); false keeps the whole label (a status, which a shortened "Com…" no longer tells).
   */
  shrink?: boolean;
}

/**
 * A small label tinted with a palette colour: a light fill and a border in the colour, dark text.
 * The theme's warning and info colours are too light for white text (WCAG contrast), so the
 * colour marks the chip and the text stays readable. It only shows a label (no click, no delete),
 * so it is a styled span with MUI Chip's outlined measures rather than the Chip itself, whose code
 * is a tenth of a home's own (issue 13).
 */
export function TintedChip({
  tone,
  label,
  size = 'small',
  shrink = true,
  ...props
}: TintedChipProps) {
  const height = size === 'small' ? 24 : 32;
  return (
    <Box
      component="span"
      {...props}
      sx={(theme) => ({
        display: 'inline-block',
        verticalAlign: 'middle',
        boxSizing: 'border-box',
        maxWidth: '100%',
        flexShrink: shrink ? 1 : 0,
        height,
        px: size === 'small' ? '7px' : '11px',
        borderRadius: `${height / 2}px`,
        border: 1,
        borderColor: theme.palette[tone].main,
        backgroundColor: alpha(theme.palette[tone].main, 0.12),
        color: 'text.primary',
        fontFamily: theme.typography.fontFamily,
        fontSize: theme.typography.pxToRem(13),
        fontWeight: 600,
        // The border's two pixels and the line fill the chip's height.
        lineHeight: `${height - 2}px`,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
      })}
    >
      {label}
    </Box>
  );
}

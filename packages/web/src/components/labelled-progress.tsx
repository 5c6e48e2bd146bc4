import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

interface LabelledProgressProps {
  /** 0 to 100; shown with up to 2 decimals. */
  value: number;
  /** The bar's accessible name (e.g. "Progress of Annual HSE"). */
  label: string;
  color?: 'primary' | 'success' | 'warning' | 'error' | 'info';
}

/** A progress bar with its percentage beside it; the bar carries the value for assistive tech. */
export function LabelledProgress({ value, label, color = 'primary' }: LabelledProgressProps) {
  const clamped = Math.min(100, Math.max(0, value));
  const text = `${Math.round(clamped * 100) / 100}%`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <LinearProgress
        variant="determinate"
        value={clamped}
        color={color}
        aria-label={label}
        aria-valuetext={text}
        sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
      />
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ minWidth: '3.5em', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
      >
        {text}
      </Typography>
    </Box>
  );
}

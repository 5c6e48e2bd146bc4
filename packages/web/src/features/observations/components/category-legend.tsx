import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface LegendItem {
  id: string;
  label: string;
  color: string;
  value: number;
}

/** A chart's legend as a list: the figures for screen readers and phones. */
export function CategoryLegend({ label, items }: { label: string; items: readonly LegendItem[] }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
        gap: 0.75,
      }}
    >
      {items.map((s) => (
        <Box component="li" key={s.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: s.color, flexShrink: 0 }} />
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            {s.label}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {s.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

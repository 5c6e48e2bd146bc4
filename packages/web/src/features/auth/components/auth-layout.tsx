import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@palisade/domain/constants';
import { LanguagePicker } from './language-picker';

/** The centred card of the signed-out pages: brand, one h1, the form. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: { xs: 2, sm: 3 },
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
            <Typography component="p" color="primary" sx={{ fontWeight: 700, fontSize: '1.5rem' }}>
              {PRODUCT_NAME}
            </Typography>
            <LanguagePicker />
          </Box>
          <Typography variant="h1" gutterBottom>
            {title}
          </Typography>
          {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

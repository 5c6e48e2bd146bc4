import { createTheme } from '@mui/material/styles';
import { THEME_BACKGROUND, THEME_PRIMARY } from '@palisade/domain/constants';

/** Height of the top bar; the side panel and the content start below it. */
export const TOP_BAR_HEIGHT = 64;

export const theme = createTheme({
  palette: {
    primary: { main: THEME_PRIMARY },
    background: { default: THEME_BACKGROUND, paper: '#ffffff' },
    text: { primary: '#172b4d', secondary: '#5a6478' },
  },
  shape: { borderRadius: 8 },
  typography: {
    // Devanagari (issue 60) from its own face, loaded with the Hindi screens only.
    fontFamily: '"Roboto", "Helvetica Neue", Arial, "Noto Sans Devanagari", sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.25rem', fontWeight: 600 },
    h3: { fontSize: '1.1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // A user who asks the system for less motion gets none: no fades, slides or endless spinners
    // (WCAG 2.3.3); a state shows at once instead of being animated into place.
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
  },
});

/** The colour of each observation category in charts and chips (company-and-auditor §2.8). */
export const OBSERVATION_CATEGORY_COLOURS: Record<string, string> = {
  Accident: '#d32f2f',
  Incident: '#ef6c00',
  'Positive Observation': '#2e7d32',
  'Unsafe Act': '#8e24aa',
  'Unsafe Condition': '#1565c0',
  Nearmiss: '#f9a825',
};

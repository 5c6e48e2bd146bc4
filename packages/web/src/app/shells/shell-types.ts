import type { SvgIconComponent } from '@mui/icons-material';

/** One entry of a shell's side menu. */
export interface MenuItem {
  label: string;
  to: string;
  icon: SvgIconComponent;
  /** Other route prefixes that belong to this entry (e.g. Users covers companies and the forms). */
  also?: readonly string[];
}

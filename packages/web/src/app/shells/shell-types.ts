import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { SvgIconComponent } from '@mui/icons-material';

/** One entry of a shell's side menu. */
export interface MenuItem {
  label: string;
  to: string;
  icon: SvgIconComponent;
  /** Other route prefixes that belong to this entry (e.g. Users covers companies and the forms). */
  also?: readonly string[];
  /**
   * Asks ahead for the page's first data when the user reaches for the entry (pointer or focus),
   * as its code is: the page then shows its data with its first render.
   */
  prefetch?: (queryClient: QueryClient, profile: Profile) => void;
}

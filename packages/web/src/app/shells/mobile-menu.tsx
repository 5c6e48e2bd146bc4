import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';
import { SIDE_PANEL_WIDTH } from '@palisade/domain/constants';
import { webMessages } from '@palisade/domain/messages/web';
import { TOP_BAR_HEIGHT } from '../../theme/theme';

/**
 * The side panel on a phone: a drawer over the content, a modal dialog that Escape or a tap beside
 * it closes. Its code (Drawer, Modal, focus trap, transitions) comes when the menu is first opened
 * or the shell preloads it, not with a home (issue 13). Its content is made while it is open.
 */
export function MobileMenu({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      id="side-panel"
      variant="temporary"
      open={open}
      onClose={onClose}
      // A modal dialog needs a name.
      slotProps={{ paper: { 'aria-label': webMessages.menu } }}
      sx={{
        // Below the top bar, so the toggle stays in reach to close it again.
        '& .MuiDrawer-paper': {
          width: SIDE_PANEL_WIDTH,
          boxSizing: 'border-box',
          top: TOP_BAR_HEIGHT,
          height: `calc(100% - ${TOP_BAR_HEIGHT}px)`,
        },
      }}
    >
      {children}
    </Drawer>
  );
}

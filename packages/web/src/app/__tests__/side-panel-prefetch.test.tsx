import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { makeProfile } from '../../test/fixtures';
import { mockFetch } from '../../test/mock-fetch';
import { renderPage } from '../../test/render';
import { SidePanel } from '../shells/side-panel';

afterEach(() => vi.unstubAllGlobals());

describe('the side menu', () => {
  it('asks ahead for an entry’s first data when the user reaches for it, by pointer or by keyboard', () => {
    mockFetch({}, { unknown: 'pending' });
    const prefetch = vi.fn();
    const profile = makeProfile({ _id: 'o1', type: 2, name: 'Dana Admin', cmp_id: 'org1' });
    const { queryClient } = renderPage(
      <SidePanel
        profile={profile}
        shell="sapphire"
        menu={[
          { label: 'Home', to: '/sapphire/Dashboard', icon: HomeOutlined },
          { label: 'Assessment', to: '/sapphire/Assessment', icon: AssignmentOutlined, prefetch },
        ]}
        onNavigate={() => undefined}
      />,
      '/sapphire/Dashboard',
    );
    // An entry without data of its own to ask for: nothing.
    fireEvent.pointerEnter(screen.getByRole('link', { name: 'Home' }));
    expect(prefetch).not.toHaveBeenCalled();
    const assessment = screen.getByRole('link', { name: 'Assessment' });
    fireEvent.pointerEnter(assessment);
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenLastCalledWith(queryClient, profile);
    fireEvent.focus(assessment);
    expect(prefetch).toHaveBeenCalledTimes(2);
  });
});

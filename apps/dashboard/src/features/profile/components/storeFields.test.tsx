import { screen, waitFor } from '@testing-library/react';
import { selectBoot } from '@careers/shared';
import type { ProfileAnalysisResponse } from '@careers/shared/contract';
import { baseBootData, ok } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { answerAll } from '../../dashboard/test/fixtures';
import { DashboardPage } from '../../dashboard/components/DashboardPage';
import { PROFILE_URLS } from '../endpoints';
import { ProfilePage } from './ProfilePage';
import { renderPage, setUpDashboardTests } from '../../../test/setup';
import { testProfile } from '../../../test/profile';

const analysis: ProfileAnalysisResponse['data'] = {
  completion: 58,
  completed: ['name', 'headline'],
  missing: [{ key: 'resume', label: 'Upload a resume', section: 'resumes' }],
};

const fake = setUpDashboardTests({
  answer: (server) => {
    server.on('GET', PROFILE_URLS.details, ok(testProfile()));
    server.on('GET', PROFILE_URLS.analysis, ok(analysis));
  },
});

/**
 * Store data: `profileCompletionData` (docs/product/profile-and-resume.md#completion) and `microsite`
 * (docs/product/routes-and-access.md#microsite) in the shared store.
 */
describe('the store fields', () => {
  it('keeps profileCompletionData as profile_analysis last answered', async () => {
    const { store } = renderPage(<ProfilePage />);
    await screen.findByRole('heading', { name: 'Your profile is 58% complete' });
    await waitFor(() => expect(selectBoot(store.getState())?.profileCompletionData).toEqual(analysis));
  });

  it('keeps the microsite in the links to other careers pages', async () => {
    window.history.replaceState(null, '', '/careers/dashboard?domain=acme.example');
    answerAll(fake.server);
    renderPage(<DashboardPage />, baseBootData({ microsite: 'engineering' }));
    const link = await screen.findByRole('link', { name: en.dashboard.links.forms });
    expect(link).toHaveAttribute('href', '/careers/forms/center?domain=acme.example&microsite=engineering');
  });
});

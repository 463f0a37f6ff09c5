import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@careers/shared';
import type { BootData, ProfileAnalysisResponse } from '@careers/shared/contract';
import { baseBootData, ok } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import { PROFILE_URLS } from '../endpoints';
import { ProfilePage } from './ProfilePage';
import { renderPage, setUpDashboardTests } from '../../../test/setup';
import { testProfile } from '../../../test/profile';

const texts = en.profile;
const analysis: ProfileAnalysisResponse['data'] = { completion: 100, completed: ['name'], missing: [] };

setUpDashboardTests({
  answer: (server) => {
    server.on('GET', PROFILE_URLS.details, ok(testProfile()));
    server.on('GET', PROFILE_URLS.analysis, ok(analysis));
  },
  formRenderer: true,
});

/**
 * The profile page under the employer's configuration (docs/product/profile-and-resume.md#sections-and-configuration).
 */
async function openWith(pcsxConfig: BootData['pcsxConfig']) {
  const user = userEvent.setup({ applyAccept: false });
  const result = renderPage(<ProfilePage />, baseBootData({ pcsxConfig }));
  await screen.findByRole('heading', { level: 1, name: 'Casey Candidate' });
  return { user, ...result };
}

const resumeInput = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>('input[type="file"]:not([accept^="image/"])')!;
const docx = () =>
  new File(['PK'], 'Casey.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });

describe('fileUploadConfig.resume.allowedFileTypes', () => {
  it('offers, names and checks only the employer’s types', async () => {
    const { user, container } = await openWith({ fileUploadConfig: { resume: { allowedFileTypes: ['pdf'] } } });
    expect(resumeInput(container)).toHaveAttribute('accept', '.pdf,application/pdf');
    expect(screen.getByText(/^PDF, up to 5 MB\./)).toBeInTheDocument();
    await user.upload(resumeInput(container), docx());
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a PDF file.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the types in French', async () => {
    await i18n.changeLanguage('fr-CA');
    const { user, container } = await openWith({ fileUploadConfig: { resume: { allowedFileTypes: ['docx'] } } });
    expect(resumeInput(container)).toHaveAttribute(
      'accept',
      '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    await user.upload(resumeInput(container), new File(['%PDF-'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choisissez un fichier Word (.docx).');
  });

  it('takes both readable types without a configuration', async () => {
    const { container } = await openWith({});
    expect(resumeInput(container).accept).toBe(
      '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(screen.getByText(/^PDF or Word \(\.docx\), up to 5 MB\./)).toBeInTheDocument();
  });
});

describe('profileConfig.own', () => {
  const sectionTitles = () =>
    screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)
      .filter((title) => title !== 'Your profile is 100% complete');

  it('shows the sections the employer lists, in its order', async () => {
    await openWith({
      profileConfig: {
        own: { sections: ['summary', 'experience', 'resumes'], orderOfSections: ['resumes', 'experience'] },
      },
    });
    expect(sectionTitles()).toEqual([
      texts.sections.resumes.title,
      texts.sections.experience.title,
      texts.sections.summary.title,
    ]);
  });

  it('shows every section in the default order without a configuration', async () => {
    await openWith({});
    expect(sectionTitles()).toEqual(
      (['contact', 'summary', 'experience', 'education', 'skills', 'languages', 'links', 'resumes'] as const).map(
        (name) => texts.sections[name].title,
      ),
    );
  });

  it('hides the optional fields the employer leaves out, on the page and in the editor', async () => {
    const { user } = await openWith({
      profileConfig: { own: { fields: { basic_info: ['location'], contact: [], experience: ['location'] } } },
    });
    expect(screen.queryByText('Platform engineer')).not.toBeInTheDocument();
    expect(screen.getByText('Toronto, ON')).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: texts.sections.contact.title });
    expect(within(contact).queryByText(texts.fields.phone)).not.toBeInTheDocument();
    const experience = screen.getByRole('region', { name: texts.sections.experience.title });
    // Without the end date the period is the start alone.
    expect(within(experience).getByText('Mar 2021')).toBeInTheDocument();

    await user.click(within(experience).getByRole('button', { name: texts.sections.experience.add }));
    const dialog = await screen.findByRole('dialog', { name: texts.sections.experience.add });
    const form = await within(dialog).findByRole('form', { name: texts.sections.experience.add });
    expect(within(form).getByLabelText(texts.fields.title, { exact: false })).toBeInTheDocument();
    expect(within(form).getByLabelText(texts.fields.location, { exact: false })).toBeInTheDocument();
    expect(within(form).queryByLabelText(texts.fields.endDate, { exact: false })).not.toBeInTheDocument();
    expect(within(form).queryByLabelText(texts.fields.description, { exact: false })).not.toBeInTheDocument();
  });
});

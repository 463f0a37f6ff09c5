import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@careers/shared';
import type { ProfileAnalysisResponse, UploadResumeResponse } from '@careers/shared/contract';
import { baseBootData, deferred, fail, ok, type FakeResponseInit } from '@careers/shared/testing';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr-CA.json';
import { PROFILE_URLS } from '../endpoints';
import { ProfilePage } from './ProfilePage';
import { renderPage, setUpDashboardTests } from '../../../test/setup';
import { testProfile } from '../../../test/profile';

const texts = en.profile;

const analysis: ProfileAnalysisResponse['data'] = {
  completion: 58,
  completed: ['name', 'headline'],
  missing: [
    { key: 'avatar', label: 'Add a profile picture', section: 'avatar' },
    { key: 'education', label: 'Add your education', section: 'education' },
    { key: 'resume', label: 'Upload a resume', section: 'resumes' },
  ],
};

const fake = setUpDashboardTests({
  answer: (server) => {
    server.on('GET', PROFILE_URLS.details, ok(testProfile()));
    server.on('GET', PROFILE_URLS.analysis, ok(analysis));
    server.on('POST', PROFILE_URLS.edit, ok(testProfile()));
  },
  toasts: true,
  formRenderer: true,
});

async function open(options: Parameters<typeof userEvent.setup>[0] = {}) {
  const user = userEvent.setup(options);
  const result = renderPage(<ProfilePage />);
  await screen.findByRole('heading', { level: 1, name: 'Casey Candidate' });
  return { user, ...result };
}

/** Opens the editor with `button` and waits for its form (the toolkit's renderer, through the page's loader). */
async function openEditor(user: ReturnType<typeof userEvent.setup>, button: HTMLElement, title: string) {
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: title });
  await within(dialog).findByRole('form', { name: title });
  return dialog;
}

const section = (name: string) => screen.getByRole('region', { name });
/** Opens the editor of a whole section (its "Edit …" button). */
const openSection = (user: ReturnType<typeof userEvent.setup>, name: 'contact' | 'summary') =>
  openEditor(user, screen.getByRole('button', { name: texts.sections[name].edit }), texts.sections[name].edit);
/** The next edits answer 422 with the server's `message` naming `field`. */
const refuseEdits = (message: string, field: string) =>
  fake.server.on('POST', PROFILE_URLS.edit, fail(422, message, { field }));
const lastEdit = () => fake.server.callsTo('POST', PROFILE_URLS.edit).at(-1)?.body;

describe('loading and loaded', () => {
  it('shows a placeholder while the profile loads', async () => {
    const pending = deferred<FakeResponseInit>();
    fake.server.on('GET', PROFILE_URLS.details, () => pending.promise);
    renderPage(<ProfilePage />);
    expect(await screen.findByRole('status')).toHaveTextContent(texts.loading);
    expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
    pending.resolve(ok(testProfile()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Casey Candidate' })).toBeInTheDocument();
  });

  it('titles the page "Careers at {company}" (docs/product/shell.md#page-title), not the last page’s title', async () => {
    document.title = 'Production Supervisor | Acme Robotics';
    renderPage(<ProfilePage />, baseBootData({ pcsxConfig: { branding: { companyName: 'Acme Robotics' } } }));
    await screen.findByRole('heading', { level: 1, name: 'Casey Candidate' });
    expect(document.title).toBe('Careers at Acme Robotics');
  });

  it('shows the header, completion with what is missing, and every section with its entries', async () => {
    await open();
    expect(screen.getByText('Platform engineer')).toBeInTheDocument();
    expect(screen.getByText('Toronto, ON')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.avatar.add })).toBeInTheDocument();

    const meter = await screen.findByRole('progressbar', { name: texts.completion.label });
    expect(meter).toHaveAttribute('aria-valuenow', '58');
    expect(screen.getByRole('heading', { name: 'Your profile is 58% complete' })).toBeInTheDocument();
    const missing = screen.getByRole('list', { name: texts.completion.missing });
    for (const item of analysis.missing) {
      expect(within(missing).getByRole('button', { name: item.label })).toBeInTheDocument();
    }
    expect(fake.server.callsTo('GET', PROFILE_URLS.analysis)[0]?.query.get('hl')).toBe('en');

    expect(within(section(texts.sections.contact.title)).getByText('candidate@example.com')).toBeInTheDocument();
    expect(within(section(texts.sections.contact.title)).getByText(texts.notGiven)).toBeInTheDocument();
    expect(within(section(texts.sections.summary.title)).getByText('Builds reliable systems.')).toBeInTheDocument();
    const experience = section(texts.sections.experience.title);
    expect(within(experience).getByText('Site reliability engineer at Northwind')).toBeInTheDocument();
    expect(within(experience).getByText('Mar 2021 – Present')).toBeInTheDocument();
    expect(within(experience).getByText('Jan 2018 – Feb 2021')).toBeInTheDocument();
    expect(within(section(texts.sections.education.title)).getByText(texts.sections.education.empty)).toBeVisible();
    expect(within(section(texts.sections.languages.title)).getByText('Native')).toBeInTheDocument();
    expect(within(section(texts.sections.resumes.title)).getByText(texts.sections.resumes.empty)).toBeVisible();
  });

  it('shows a retry when the profile cannot be loaded', async () => {
    fake.server.on('GET', PROFILE_URLS.details, fail(500));
    const user = userEvent.setup();
    renderPage(<ProfilePage />);
    expect(await screen.findByText(texts.loadFailed)).toBeInTheDocument();
    fake.server.on('GET', PROFILE_URLS.details, ok(testProfile()));
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Casey Candidate' })).toBeInTheDocument();
  });

  it('shows the page in French', async () => {
    await i18n.changeLanguage('fr-CA');
    await open();
    expect(await screen.findByRole('heading', { name: 'Votre profil est complet à 58 %' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: fr.profile.sections.experience.title })).toBeInTheDocument();
    expect(fake.server.callsTo('GET', PROFILE_URLS.analysis).at(-1)?.query.get('hl')).toBe('fr-CA');
  });
});

describe('editing a section', () => {
  it('saves the summary, closes the form and reads the profile again', async () => {
    const { user } = await open();
    const dialog = await openEditor(
      user,
      screen.getByRole('button', { name: texts.sections.summary.edit }),
      texts.sections.summary.edit,
    );
    const input = within(dialog).getByRole('textbox', { name: texts.fields.summary });
    expect(input).toHaveValue('Builds reliable systems.');
    fake.server.on('GET', PROFILE_URLS.details, ok(testProfile({ summary: 'Keeps clusters healthy.' })));
    await user.clear(input);
    await user.type(input, '  Keeps clusters healthy. ');
    await user.click(within(dialog).getByRole('button', { name: texts.actions.save }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(lastEdit()).toEqual({
      domain: 'acme.example',
      op_section: 'summary',
      operation: 'update',
      op_data: { value: 'Keeps clusters healthy.' },
    });
    expect(fake.toasts.success).toHaveBeenCalledWith(texts.toasts.saved);
    expect(await screen.findByText('Keeps clusters healthy.')).toBeInTheDocument();
  });

  it('on a 422 shows "Invalid request received. Please try again" for 3 s and keeps the answers', async () => {
    fake.server.on(
      'POST',
      PROFILE_URLS.edit,
      fail(422, 'op_data.value.startDate is not valid', { field: 'op_data.value' }),
    );
    const { user } = await open();
    const dialog = await openEditor(
      user,
      screen.getByRole('button', { name: 'Edit Site reliability engineer at Northwind' }),
      texts.sections.experience.edit,
    );
    const title = within(dialog).getByRole('textbox', { name: texts.fields.title });
    await user.clear(title);
    await user.type(title, 'Staff SRE');
    await user.click(within(dialog).getByRole('button', { name: texts.actions.save }));

    await waitFor(() => expect(fake.toasts.error).toHaveBeenCalledWith(texts.toasts.invalid, { autoClose: 3000 }));
    expect(lastEdit()).toMatchObject({
      op_section: 'experience',
      operation: 'update',
      op_data: {
        index: 0,
        value: { title: 'Staff SRE', company: 'Northwind', startDate: '2021-03', endDate: null },
      },
    });
    expect(screen.getByRole('dialog', { name: texts.sections.experience.edit })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: texts.fields.title })).toHaveValue('Staff SRE');
  });

  it('on a 422 naming a question shows the server’s message on it, with the toast, until it is changed', async () => {
    refuseEdits('op_data.value.phone: enter a valid phone number.', 'op_data.value.phone');
    const { user } = await open();
    const dialog = await openSection(user, 'contact');
    const phone = within(dialog).getByRole('textbox', { name: texts.fields.phone });
    await user.type(phone, '12');
    await user.click(within(dialog).getByRole('button', { name: texts.actions.save }));

    await waitFor(() => expect(fake.toasts.error).toHaveBeenCalledWith(texts.toasts.invalid, { autoClose: 3000 }));
    expect(await within(dialog).findByText('Phone: enter a valid phone number.')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(`${texts.fields.phoneHelp} Phone: enter a valid phone number.`);
    await user.type(phone, '3');
    expect(within(dialog).queryByText('Phone: enter a valid phone number.')).not.toBeInTheDocument();
  });

  it('on a 422 of a one-question section puts the message on it; an index error stays a toast', async () => {
    refuseEdits('op_data.value must not contain control characters.', 'op_data.value');
    const { user } = await open();
    let dialog = await openSection(user, 'summary');
    await user.click(within(dialog).getByRole('button', { name: texts.actions.save }));
    expect(await within(dialog).findByText('Summary must not contain control characters.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: texts.fields.summary })).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: texts.actions.cancel }));

    refuseEdits('op_data.index must be between 0 and 1.', 'op_data.index');
    fake.toasts.error.mockClear();
    dialog = await openEditor(
      user,
      screen.getByRole('button', { name: 'Edit Site reliability engineer at Northwind' }),
      texts.sections.experience.edit,
    );
    await user.click(within(dialog).getByRole('button', { name: texts.actions.save }));
    await waitFor(() => expect(fake.toasts.error).toHaveBeenCalledWith(texts.toasts.invalid, { autoClose: 3000 }));
    expect(within(dialog).queryByText(/op_data|must be between/)).not.toBeInTheDocument();
    expect(dialog.querySelector('[aria-invalid="true"]')).toBeNull();
  });

  it('on any other failure shows "Something went wrong. Please try again"', async () => {
    fake.server.on('POST', PROFILE_URLS.edit, fail(500));
    const { user } = await open();
    const dialog = await openEditor(
      user,
      screen.getByRole('button', { name: texts.sections.contact.edit }),
      texts.sections.contact.edit,
    );
    await user.type(within(dialog).getByRole('textbox', { name: texts.fields.phone }), '416 555 0100');
    await user.click(within(dialog).getByRole('button', { name: texts.actions.save }));
    await waitFor(() => expect(fake.toasts.error).toHaveBeenCalledWith(texts.toasts.failed));
    expect(fake.toasts.success).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: texts.sections.contact.edit })).toBeInTheDocument();
  });

  it('checks the answers before sending (required, address format)', async () => {
    const { user } = await open();
    const dialog = await openEditor(
      user,
      screen.getByRole('button', { name: texts.sections.links.add }),
      texts.sections.links.add,
    );
    await user.type(within(dialog).getByRole('textbox', { name: texts.fields.label }), 'Portfolio');
    await user.type(within(dialog).getByRole('textbox', { name: texts.fields.url }), 'example.com');
    await user.click(within(dialog).getByRole('button', { name: texts.actions.save }));
    expect(within(dialog).getByText(texts.errors.url)).toBeInTheDocument();
    expect(fake.server.callsTo('POST', PROFILE_URLS.edit)).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: texts.fields.url }));
    await user.type(within(dialog).getByRole('textbox', { name: texts.fields.url }), 'https://casey.dev');
    await user.click(within(dialog).getByRole('button', { name: texts.actions.save }));
    await waitFor(() =>
      expect(lastEdit()).toMatchObject({
        op_section: 'links',
        operation: 'add',
        op_data: { value: { label: 'Portfolio', url: 'https://casey.dev' } },
      }),
    );
    expect((lastEdit() as { op_data: object }).op_data).not.toHaveProperty('index');
  });

  it('a missing item opens the form that fills it, and Cancel closes it without saving', async () => {
    const { user } = await open();
    const dialog = await openEditor(
      user,
      await screen.findByRole('button', { name: 'Add your education' }),
      texts.sections.education.add,
    );
    await user.click(within(dialog).getByRole('button', { name: texts.actions.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.server.callsTo('POST', PROFILE_URLS.edit)).toHaveLength(0);
  });

  it('the missing picture and resume open their file choosers', async () => {
    const { user, container } = await open();
    const clicked: string[] = [];
    for (const input of container.querySelectorAll<HTMLInputElement>('input[type="file"]')) {
      input.addEventListener('click', (event) => {
        event.preventDefault();
        clicked.push(input.accept);
      });
    }
    const missing = await screen.findByRole('list', { name: texts.completion.missing });
    await user.click(within(missing).getByRole('button', { name: 'Add a profile picture' }));
    await user.click(within(missing).getByRole('button', { name: 'Upload a resume' }));
    expect(clicked).toEqual([expect.stringMatching(/^image\//), expect.stringMatching(/^\.pdf/)]);
  });

  it('deletes an entry only after the confirmation', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Delete Developer at Contoso' }));
    let dialog = screen.getByRole('dialog', { name: texts.confirmDelete.title });
    expect(dialog).toHaveTextContent('“Developer at Contoso” will be removed from your profile.');
    await user.click(within(dialog).getByRole('button', { name: texts.actions.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.server.callsTo('POST', PROFILE_URLS.edit)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Developer at Contoso' }));
    dialog = screen.getByRole('dialog', { name: texts.confirmDelete.title });
    await user.click(within(dialog).getByRole('button', { name: texts.actions.delete }));
    await waitFor(() => expect(fake.toasts.success).toHaveBeenCalledWith(texts.toasts.deleted));
    expect(lastEdit()).toEqual({
      domain: 'acme.example',
      op_section: 'experience',
      operation: 'delete',
      op_data: { index: 1 },
    });
    // Issue 22: focus fell to the page's body with the deleted entry's button; it goes to the section's Add.
    await waitFor(() =>
      expect(
        within(section(texts.sections.experience.title)).getByRole('button', { name: texts.sections.experience.add }),
      ).toHaveFocus(),
    );
  });

  it('a failed delete shows the 422 toast', async () => {
    fake.server.on('POST', PROFILE_URLS.edit, fail(422, 'op_data.index is out of range', { field: 'op_data.index' }));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Delete TypeScript' }));
    await user.click(
      within(screen.getByRole('dialog', { name: texts.confirmDelete.title })).getByRole('button', {
        name: texts.actions.delete,
      }),
    );
    await waitFor(() => expect(fake.toasts.error).toHaveBeenCalledWith(texts.toasts.invalid, { autoClose: 3000 }));
  });
});

describe('the picture', () => {
  /** A file of `bytes` bytes that starts as a PNG does (its signature), typed as one. */
  const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const png = (bytes = 64) => {
    const content = new Uint8Array(bytes);
    content.set(PNG_SIGNATURE);
    return new File([content], 'me.png', { type: 'image/png' });
  };
  const avatarInput = (container: HTMLElement) =>
    container.querySelector<HTMLInputElement>('input[type="file"][accept^="image/"]')!;

  it('refuses a file that is not a picture, or larger than 2 MB, before sending it', async () => {
    const { user, container } = await open({ applyAccept: false });
    await user.upload(avatarInput(container), new File(['x'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.avatar.errors.type);
    await user.upload(avatarInput(container), png(2 * 1024 * 1024 + 1));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(texts.avatar.errors.size));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.server.callsTo('POST', PROFILE_URLS.edit)).toHaveLength(0);
  });

  // Issue 22: a file that is not a picture, named and typed as one, showed a broken preview.
  it('refuses by its content a file that only claims to be a picture, with no preview', async () => {
    const { user, container } = await open();
    const text = new File(['Dear hiring manager, ...'], 'me.png', { type: 'image/png' });
    await user.upload(avatarInput(container), text);
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.avatar.errors.type);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: texts.avatar.previewAlt })).not.toBeInTheDocument();
    expect(fake.server.callsTo('POST', PROFILE_URLS.edit)).toHaveLength(0);
  });

  it('takes a JPEG by its content whatever type it declares, and turns a picture that does not decode into an error', async () => {
    const { user, container } = await open({ applyAccept: false });
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])], 'me.jpg', {
      type: '',
    });
    await user.upload(avatarInput(container), jpeg);
    const dialog = await screen.findByRole('dialog', { name: texts.avatar.previewTitle });
    const preview = within(dialog).getByRole('img', { name: texts.avatar.previewAlt });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    // The browser cannot draw it (cut short): the dialog closes and says so, instead of a broken picture.
    fireEvent.error(preview);
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.avatar.errors.read);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.server.callsTo('POST', PROFILE_URLS.edit)).toHaveLength(0);
  });

  it('previews a picture and saves it as a data URL once confirmed', async () => {
    const { user, container } = await open();
    await user.upload(avatarInput(container), png());
    const dialog = await screen.findByRole('dialog', { name: texts.avatar.previewTitle });
    const preview = within(dialog).getByRole('img', { name: texts.avatar.previewAlt });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    fake.server.on(
      'GET',
      PROFILE_URLS.details,
      ok(testProfile({ basic_info: { ...testProfile().basic_info, avatar: 'https://static.example/avatar?v=3' } })),
    );
    await user.click(within(dialog).getByRole('button', { name: texts.avatar.use }));
    await waitFor(() => expect(fake.toasts.success).toHaveBeenCalledWith(texts.avatar.saved));
    expect(lastEdit()).toMatchObject({ op_section: 'avatar', operation: 'update' });
    expect((lastEdit() as { op_data: { value: string } }).op_data.value).toMatch(/^data:image\/png;base64,/);
    expect(await screen.findByRole('img', { name: texts.avatar.alt })).toHaveAttribute(
      'src',
      'https://static.example/avatar?v=3',
    );
  });

  it('removes the picture after the confirmation, focus going to "Add a picture"', async () => {
    const withPicture = testProfile({
      basic_info: { ...testProfile().basic_info, avatar: '/api/pcsx/profile_avatar?v=3' },
    });
    fake.server.on('GET', PROFILE_URLS.details, ok(withPicture));
    const { user } = await open();
    expect(screen.getByRole('img', { name: texts.avatar.alt })).toHaveAttribute('src', '/api/pcsx/profile_avatar?v=3');
    await user.click(screen.getByRole('button', { name: texts.avatar.remove }));
    fake.server.on('GET', PROFILE_URLS.details, ok(testProfile()));
    const dialog = screen.getByRole('dialog', { name: texts.avatar.removeTitle });
    await user.click(within(dialog).getByRole('button', { name: texts.avatar.remove }));
    await waitFor(() => expect(fake.toasts.success).toHaveBeenCalledWith(texts.avatar.removed));
    expect(lastEdit()).toMatchObject({ op_section: 'avatar', operation: 'delete' });
    // Issue 22: focus fell to the page's body with the Remove button; it goes to "Add a picture".
    await waitFor(() => expect(screen.getByRole('button', { name: texts.avatar.add })).toHaveFocus());
    expect(screen.queryByRole('img', { name: texts.avatar.alt })).not.toBeInTheDocument();
  });

  it('shows the server refusing the picture', async () => {
    fake.server.on('POST', PROFILE_URLS.edit, fail(422, 'op_data.value is not a PNG, JPEG or WebP picture'));
    const { user, container } = await open();
    await user.upload(avatarInput(container), png());
    const dialog = await screen.findByRole('dialog', { name: texts.avatar.previewTitle });
    await user.click(within(dialog).getByRole('button', { name: texts.avatar.use }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.avatar.errors.refused);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the resume upload', () => {
  const pdf = () => new File(['%PDF-1.7 resume'], 'Casey resume.pdf', { type: 'application/pdf' });
  const resumeInput = (container: HTMLElement) =>
    container.querySelector<HTMLInputElement>('input[type="file"][accept^=".pdf"]')!;
  const uploaded: UploadResumeResponse['data'] = {
    candidate: {
      encId: 'c1',
      email: 'candidate@example.com',
      firstname: 'Casey',
      lastname: 'Candidate',
      fullname: 'Casey Candidate',
      hasResume: true,
      location: 'Toronto, ON',
      avatar: null,
    },
    profile: testProfile(),
    resume: {
      id: 7,
      fileName: 'Casey resume.pdf',
      contentType: 'application/pdf',
      byteSize: 15,
      uploadedAt: '2026-11-20T10:00:00.000Z',
      url: '/api/pcsx/resume_file?resume_id=7',
    },
    filled: ['phone'],
    skillsAdded: ['Kubernetes', 'Linux'],
  };

  it('refuses a file that is not a PDF or DOCX', async () => {
    // As a browser whose file chooser lets any file through.
    const { user, container } = await open({ applyAccept: false });
    await user.upload(resumeInput(container), new File(['x'], 'resume.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a PDF or Word (.docx) file.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Cancel closes the confirmation without uploading', async () => {
    const { user, container } = await open();
    await user.upload(resumeInput(container), pdf());
    const dialog = screen.getByRole('dialog', { name: texts.resume.confirmTitle });
    expect(dialog).toHaveTextContent('Casey resume.pdf');
    expect(dialog).toHaveTextContent('15 byte');
    await user.click(within(dialog).getByRole('button', { name: texts.actions.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.server.callsTo('POST', PROFILE_URLS.uploadResume)).toHaveLength(0);
  });

  it('Confirm uploads the file as a data URL, then shows what it filled and the list again', async () => {
    fake.server.on('POST', PROFILE_URLS.uploadResume, ok(uploaded));
    const { user, container } = await open();
    const detailsCalls = fake.server.callsTo('GET', PROFILE_URLS.details).length;
    await user.upload(resumeInput(container), pdf());
    fake.server.on(
      'GET',
      PROFILE_URLS.details,
      ok(testProfile({ resumes: [uploaded.resume], skills: ['TypeScript', 'Kubernetes'] })),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: texts.resume.confirmTitle })).getByRole('button', {
        name: texts.resume.confirm,
      }),
    );

    const result = await screen.findByText('Skills added: Kubernetes, Linux.');
    expect(screen.getByText('Filled from your resume: Phone.')).toBeInTheDocument();
    expect(result.closest('[role="status"]')).not.toBeNull();
    expect(fake.toasts.success).toHaveBeenCalledWith(texts.resume.uploaded);
    const body = fake.server.callsTo('POST', PROFILE_URLS.uploadResume)[0]?.body as FormData;
    expect(body.get('resume_file_name')).toBe('Casey resume.pdf');
    expect(body.get('resume_content')).toMatch(/^data:application\/pdf;base64,/);
    expect(body.get('domain')).toBe('acme.example');
    // The profile (and its resume list) is read again.
    const link = await screen.findByRole('link', { name: 'Casey resume.pdf' });
    expect(link).toHaveAttribute('href', '/api/pcsx/resume_file?resume_id=7');
    expect(fake.server.callsTo('GET', PROFILE_URLS.details).length).toBeGreaterThan(detailsCalls);
  });

  it.each([
    [400, 'This file is not a readable PDF or Word (.docx) document. Choose another one.'],
    [413, texts.resume.errors.size],
    [500, texts.resume.errors.failed],
  ])('a failed upload (%i) says why', async (status, message) => {
    fake.server.on('POST', PROFILE_URLS.uploadResume, fail(status, 'refused', { field: 'resume_content' }));
    const { user, container } = await open();
    await user.upload(resumeInput(container), pdf());
    await user.click(
      within(screen.getByRole('dialog', { name: texts.resume.confirmTitle })).getByRole('button', {
        name: texts.resume.confirm,
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.toasts.success).not.toHaveBeenCalled();
  });

  it('deletes a resume after the confirmation', async () => {
    fake.server.on('GET', PROFILE_URLS.details, ok(testProfile({ resumes: [uploaded.resume] })));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Delete Casey resume.pdf' }));
    await user.click(
      within(screen.getByRole('dialog', { name: texts.confirmDelete.title })).getByRole('button', {
        name: texts.actions.delete,
      }),
    );
    await waitFor(() => expect(fake.toasts.success).toHaveBeenCalledWith(texts.resume.deleted));
    expect(lastEdit()).toMatchObject({ op_section: 'resumes', operation: 'delete', op_data: { index: 0 } });
    // Issue 22: focus fell to the page's body with the deleted resume's button; it goes to "Upload a resume".
    await waitFor(() =>
      expect(
        within(section(texts.sections.resumes.title)).getByRole('button', { name: texts.resume.choose }),
      ).toHaveFocus(),
    );
  });
});

describe('the resume export', () => {
  // Issue 22: the page that exports the profile as a PDF resume was linked from nowhere.
  it('is linked from the resumes section, on the same employer', async () => {
    window.history.replaceState(null, '', '/careers/profile?domain=acme.example');
    await open();
    const resumes = screen.getByRole('region', { name: texts.sections.resumes.title });
    expect(within(resumes).getByRole('link', { name: texts.resume.export })).toHaveAttribute(
      'href',
      '/careers/export-resume?domain=acme.example',
    );
  });
});

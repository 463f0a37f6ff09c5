import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EsignValue, FormItem } from '@careers/shared/contract';
import type { FormItemCodes } from '@careers/shared/forms';
import { Field, renderField, setupTexts } from './test/renderField';
import { loadPhoneSupport } from './phone';
import { installFakeServer, ok } from '@careers/shared/testing';
import { esignUrl } from './EsignField';

beforeAll(setupTexts);
// Selects of about 250 countries are slow to query in jsdom.
jest.setTimeout(20_000);

const item = (overrides: Partial<FormItem> & Pick<FormItem, 'type'>): FormItem => ({
  name: 'answer',
  label: 'Answer',
  ...overrides,
});

const pdf = (name = 'resume.pdf', text = 'hello') => new File([text], name, { type: 'application/pdf' });

describe('file upload', () => {
  it('reads the chosen file as base64 into the value, lists it with its size, and removes it', async () => {
    const user = userEvent.setup();
    const { value } = renderField(item({ type: 'file_upload', label: 'Resume' }));
    const input = screen.getByLabelText('Resume');
    expect(input).toHaveAttribute('accept', '.doc,.docx,.pdf,.txt,.png,.jpg,.jpeg');
    expect(input).not.toHaveAttribute('multiple');
    await user.upload(input, pdf());
    await screen.findByText('resume.pdf');
    expect(screen.getByText('5 byte')).toBeInTheDocument();
    const [file] = value() as Array<Record<string, unknown>>;
    expect(file).toMatchObject({
      name: 'resume.pdf',
      size: 5,
      type: 'application/pdf',
      content: btoa('hello'),
      status: 'done',
      webkitRelativePath: '',
    });
    expect(typeof file?.uid).toBe('string');
    await user.click(screen.getByRole('button', { name: 'Remove resume.pdf' }));
    expect(screen.queryByText('resume.pdf')).not.toBeInTheDocument();
    expect(value()).toEqual([]);
  });

  it('"Remove resume.pdf" moves the focus to the file input, also in the widget’s shadow root (issue 22)', async () => {
    const user = userEvent.setup();
    const host = document.createElement('div');
    document.body.appendChild(host);
    const shadowRoot = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    shadowRoot.appendChild(mount);
    const { unmount } = renderField(item({ type: 'file_upload', label: 'Resume' }), {}, undefined, mount);
    try {
      const input = within(mount).getByLabelText('Resume');
      await user.upload(input, pdf());
      await within(mount).findByText('resume.pdf');
      await user.click(within(mount).getByRole('button', { name: 'Remove resume.pdf' }));
      expect(within(mount).queryByText('resume.pdf')).not.toBeInTheDocument();
      expect(shadowRoot.activeElement).toBe(input);
      expect(document.activeElement).toBe(host);
    } finally {
      unmount();
      host.remove();
    }
  });

  it('takes several files only when the maxLength rule is above 1, and the item’s accepted types', async () => {
    const user = userEvent.setup();
    const { value, unmount } = renderField(
      item({ type: 'fileUpload', accept: ['pdf'], rules: [{ type: 'maxLength', value: 3 }] }),
    );
    const input = screen.getByLabelText('Answer');
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', '.pdf');
    await user.upload(input, [pdf('a.pdf'), pdf('b.pdf')]);
    await screen.findByText('b.pdf');
    expect((value() as Array<{ name: string }>).map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    unmount();
    renderField(item({ type: 'fileUpload', rules: [{ type: 'maxLength', value: 1 }] }));
    expect(screen.getByLabelText('Answer')).not.toHaveAttribute('multiple');
  });

  it('shows "File could not be uploaded" when a file cannot be read', async () => {
    const user = userEvent.setup();
    const read = jest.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
    });
    const { value } = renderField(item({ type: 'file_upload' }));
    await user.upload(screen.getByLabelText('Answer'), pdf());
    expect(await screen.findByRole('alert')).toHaveTextContent('File could not be uploaded');
    expect(screen.getByLabelText('Answer')).toHaveAttribute('aria-invalid', 'true');
    expect(value()).toBeUndefined();
    read.mockRestore();
  });

  it('lists the files in view mode, the preview as a link (http only)', () => {
    const file = { uid: '1', name: 'cv.pdf', size: 2048, type: 'application/pdf', lastModified: 0 };
    renderField(item({ type: 'file_upload' }), {
      mode: 'view',
      initialValues: {
        answer: [
          { ...file, webkitRelativePath: '', content: '', status: 'done', previewUrl: 'https://files.example/cv.pdf' },
          {
            ...file,
            uid: '2',
            name: 'bad.pdf',
            webkitRelativePath: '',
            content: '',
            status: 'done',
            previewUrl: 'javascript:alert(1)',
          },
        ],
      },
    });
    expect(screen.getByRole('link', { name: 'cv.pdf' })).toHaveAttribute('href', 'https://files.example/cv.pdf');
    expect(screen.queryByRole('link', { name: 'bad.pdf' })).not.toBeInTheDocument();
    expect(screen.getByText('bad.pdf')).toBeInTheDocument();
    expect(screen.getAllByText('2 kB')).toHaveLength(2);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('phone', () => {
  // The phone field and the engine's phone checks come in their own chunk (the renderer loads it first).
  beforeAll(() => loadPhoneSupport());
  afterEach(() => {
    delete window.careersPhoneCountry;
  });

  it('infers the country from the value and keeps "+<calling code><number>"', async () => {
    const user = userEvent.setup();
    const { value } = renderField(item({ type: 'phone', label: 'Phone' }), {
      initialValues: { answer: '+14165550123' },
    });
    const country = screen.getByRole('combobox', { name: 'Country code' });
    expect(country).toHaveValue('CA');
    expect(within(country).getByRole('option', { name: 'Canada (+1)' })).toBeInTheDocument();
    const number = screen.getByLabelText('Phone');
    expect(number).toHaveValue('4165550123');
    await user.selectOptions(country, 'GB');
    expect(value()).toBe('+444165550123');
    await user.clear(number);
    await user.type(number, '(20) 7946-0958');
    expect(value()).toBe('+442079460958');
    await user.clear(number);
    expect(value()).toBe('');
  });

  it('asks the browser for the national number with a token valid for the input (issue 22)', () => {
    renderField(item({ type: 'phone', label: 'Phone' }));
    const number = screen.getByLabelText('Phone');
    // `tel-national` is in HTML's text control group: valid on a text input, not on type=tel.
    expect(number).toHaveAttribute('autocomplete', 'tel-national');
    expect(number).toHaveAttribute('type', 'text');
    expect(number).toHaveAttribute('inputmode', 'tel');
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveAttribute('autocomplete', 'tel-country-code');
  });

  it('starts on window.careersPhoneCountry, else US', async () => {
    const user = userEvent.setup();
    window.careersPhoneCountry = 'FR';
    const first = renderField(item({ type: 'phone', label: 'Phone' }));
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('FR');
    await user.type(screen.getByLabelText('Phone'), '612345678');
    expect(first.value()).toBe('+33612345678');
    first.unmount();
    window.careersPhoneCountry = 42;
    renderField(item({ type: 'phone', label: 'Phone' }));
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('US');
  });

  it('shows the number formatted in view mode', () => {
    renderField(item({ type: 'phone' }), { mode: 'view', initialValues: { answer: '+14165550123' } });
    expect(screen.getByText('+1 416 555 0123')).toBeInTheDocument();
  });
});

describe('dynamic list', () => {
  const list = item({
    type: 'dynamicList',
    name: 'jobs',
    label: 'Jobs',
    itemTitle: 'Job',
    addButtonText: 'Add job',
    itemDefaultValue: { where: 'CA' },
    rules: [
      { type: 'minLength', value: 1 },
      { type: 'maxLength', value: 2 },
    ],
    items: [{ name: 'where', label: 'Where', type: 'country' }],
  });

  it('is filled up to the minimum; add only below the maximum, delete only above the minimum', async () => {
    const user = userEvent.setup();
    const { value } = renderField(list);
    expect(await screen.findByRole('heading', { name: 'Job 1' })).toBeInTheDocument();
    expect(value()).toEqual([{ where: 'CA' }]);
    expect(screen.getByRole('combobox', { name: 'Where' })).toHaveValue('CA');
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add job' }));
    expect(screen.getByRole('heading', { name: 'Job 2' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Add job' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Where' })[1]!, 'FR');
    expect(value()).toEqual([{ where: 'CA' }, { where: 'FR' }]);
    await user.click(screen.getByRole('button', { name: 'Delete Job 1' }));
    expect(value()).toEqual([{ where: 'FR' }]);
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add job' })).toHaveFocus();
  });

  it('uses "Add Item" and "Item N" by default, and shows entries without buttons in view mode', async () => {
    const user = userEvent.setup();
    const { unmount } = renderField({ ...list, itemTitle: undefined, addButtonText: undefined, rules: [] });
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getByRole('heading', { name: 'Item 1' })).toBeInTheDocument();
    unmount();
    renderField(list, { mode: 'view', initialValues: { jobs: [{ where: 'CA' }, { where: 'FR' }] } });
    expect(screen.getByRole('heading', { name: 'Job 2' })).toBeInTheDocument();
    expect(screen.getByText('France')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('dynamic list renderers', () => {
  const list = item({
    type: 'dynamicList',
    name: 'jobs',
    label: 'Jobs',
    rules: [{ type: 'minLength', value: 1 }],
    items: [{ name: 'where', label: 'Where', type: 'country' }],
  });
  const itemCode: FormItemCodes = {
    jobs: {
      renderItemTitle: ({ index, value }) =>
        `Job ${index + 1}: ${typeof value.where === 'string' && value.where ? value.where : 'new'}`,
      renderDeleteButton: ({ remove, label, title }) => (
        <button type="button" className="cw-button" onClick={remove} aria-label={label}>
          Remove {title}
        </button>
      ),
      renderItem: ({ index, fields }) => (
        <div>
          <p>Your job number {index + 1}, most recent first.</p>
          {fields}
        </div>
      ),
    },
  };

  it('draws each entry with the caller’s title, delete control and body; the list works as before', async () => {
    const user = userEvent.setup();
    const { value } = renderField(list, { initialValues: { jobs: [{ where: 'CA' }] }, itemCode });
    expect(screen.getByRole('heading', { name: 'Job 1: CA' })).toBeInTheDocument();
    expect(screen.getByText('Your job number 1, most recent first.')).toBeInTheDocument();
    // At the minimum: no delete control, the caller's neither.
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getByRole('heading', { name: 'Job 2: new' })).toHaveFocus();
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Where' })[1]!, 'FR');
    expect(screen.getByRole('heading', { name: 'Job 2: FR' })).toBeInTheDocument();
    expect(screen.getByText('Your job number 2, most recent first.')).toBeInTheDocument();
    // The caller's delete control, named as the default one ("Delete Item 1"), showing the default title.
    const remove = screen.getByRole('button', { name: 'Delete Item 1' });
    expect(remove).toHaveTextContent('Remove Item 1');
    await user.click(remove);
    expect(value()).toEqual([{ where: 'FR' }]);
    expect(screen.getByRole('heading', { name: 'Job 1: FR' })).toBeInTheDocument();
  });
});

describe('skill selector', () => {
  const skills = Array.from({ length: 12 }, (_, i) => `Skill ${i + 1}`);

  it('collapses past the threshold with "+N" / "Show fewer", toggles skills and adds a typed one', async () => {
    const user = userEvent.setup();
    const { value } = renderField(item({ type: 'skillSelector', suggestedSkills: skills }));
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(10);
    const more = screen.getByRole('button', { name: /^\+2/ });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Skill 2' }));
    expect(screen.getByRole('button', { name: 'Skill 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(value()).toEqual(['Skill 2']);
    await user.type(screen.getByRole('searchbox', { name: 'Search skills' }), 'Rust{Enter}');
    expect(value()).toEqual(['Skill 2', 'Rust']);
    expect(screen.getByRole('button', { name: 'Rust' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('searches through the item’s apiEndpoint with ?query= and offers the answer’s options', async () => {
    const user = userEvent.setup();
    const server = installFakeServer();
    server.on('GET', '/api/skills', (call) =>
      ok({ options: [{ label: `${call.query.get('query')}Script`, value: 'ts' }] }),
    );
    const { value } = renderField(item({ type: 'skillSelector', apiEndpoint: '/api/skills' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search skills' }), 'Type');
    const result = await screen.findByRole('button', { name: 'TypeScript' });
    expect(server.callsTo('GET', '/api/skills').at(-1)?.query.get('query')).toBe('Type');
    expect(screen.getByRole('status')).toHaveTextContent('1 skill found');
    await user.click(result);
    expect(value()).toEqual(['TypeScript']);
  });

  it('uses showMoreThreshold, and collapses in view mode too', async () => {
    const user = userEvent.setup();
    renderField(item({ type: 'skillSelector', showMoreThreshold: 2 }), {
      mode: 'view',
      initialValues: { answer: ['A', 'B', 'C', 'D'] },
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /^\+2/ }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});

describe('skill selector searchCall', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('searches with the caller’s searchCall (before the endpoint), once the typing pauses', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const server = installFakeServer();
    const searchCall = jest.fn(async (query: string) => [`${query}Script`, `${query}Ahead`]);
    const { value } = renderField(item({ type: 'skillSelector', apiEndpoint: '/api/skills' }), {
      itemCode: { answer: { searchCall } },
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search skills' }), 'Type');
    expect(searchCall).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(300));
    expect(searchCall).toHaveBeenCalledTimes(1);
    expect(searchCall).toHaveBeenCalledWith('Type', { signal: expect.any(AbortSignal) });
    expect(await screen.findByRole('status')).toHaveTextContent('2 skills found');
    await user.click(screen.getByRole('button', { name: 'TypeScript' }));
    expect(value()).toEqual(['TypeScript']);
    expect(server.calls).toHaveLength(0);
  });

  it('shows the search’s own failure message in its status line, else the generic one', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const searchCall = jest.fn(async (query: string): Promise<string[]> => {
      if (query === 'Go') throw 'Skill search is down for maintenance.';
      throw new TypeError('x is undefined');
    });
    renderField(item({ type: 'skillSelector' }), { itemCode: { answer: { searchCall } } });
    const box = screen.getByRole('searchbox', { name: 'Search skills' });
    await user.type(box, 'Go');
    await act(async () => jest.advanceTimersByTime(300));
    expect(await screen.findByText('Skill search is down for maintenance.')).toBeInTheDocument();
    await user.type(box, 'lang');
    await act(async () => jest.advanceTimersByTime(300));
    expect(await screen.findByText('An error occurred while retrieving data')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('star rating', () => {
  it('is a radio group Poor..Excellent, chosen by click and arrow keys', async () => {
    const user = userEvent.setup();
    const { value } = renderField(item({ type: 'star_rating' }));
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    await user.click(screen.getByRole('radio', { name: 'Good' }));
    expect(value()).toBe(3);
    expect(screen.getByRole('radio', { name: 'Good' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(value()).toBe(4);
    expect(screen.getByRole('radio', { name: 'Very Good' })).toBeChecked();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(value()).toBe(2);
  });

  it('shows the rating as text in view mode', () => {
    renderField(item({ type: 'star_rating' }), { mode: 'view', initialValues: { answer: 5 } });
    expect(screen.getByText('5 of 5: Excellent')).toBeInTheDocument();
  });
});

describe('country and state', () => {
  const country = item({ type: 'country', name: 'country', label: 'Country' });
  const state = item({ type: 'state', name: 'state', label: 'Province', dependencies: ['country'] });

  it('offers countries by name with ISO codes as values, and the chosen country’s subdivisions', async () => {
    const user = userEvent.setup();
    const { value } = renderField(country, {}, <StateOf item={state} />);
    const stateSelect = screen.getByRole('combobox', { name: 'Province' });
    expect(stateSelect).toBeDisabled();
    expect(within(stateSelect).getByRole('option')).toHaveTextContent('Select a country first');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Canada');
    expect(value('country')).toBe('CA');
    await screen.findByRole('option', { name: 'Ontario' });
    await user.selectOptions(stateSelect, 'Ontario');
    expect(value('state')).toBe('CA-ON');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'United States');
    await screen.findByRole('option', { name: 'Texas' });
    await waitFor(() => expect(value('state')).toBe(''));
  });

  it('shows names in view mode', async () => {
    renderField(
      country,
      { mode: 'view', initialValues: { country: 'CA', state: 'CA-QC' } },
      <StateOf item={state} view />,
    );
    expect(screen.getByText('Canada')).toBeInTheDocument();
    expect(await screen.findByText('Quebec')).toBeInTheDocument();
  });
});

/** A second field in the same form (the state field beside its country). */
function StateOf({ item: stateItem, view }: { item: FormItem; view?: boolean }) {
  return <Field item={stateItem} name="state" mode={view ? 'view' : 'edit'} />;
}

describe('info and instruction', () => {
  it('shows sanitised HTML: scripts and handlers removed', () => {
    const { container } = renderField(
      item({
        type: 'info',
        html: '<p>Welcome <b>aboard</b></p><script>window.hacked = 1</script><img src=x onerror="alert(1)">',
      }),
    );
    expect(screen.getByText('aboard')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it('collapses an instruction taller than 150 px under "Read more"', async () => {
    const user = userEvent.setup();
    const height = jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(300);
    renderField(item({ type: 'instruction', html: '<p>Long instructions</p>' }));
    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    height.mockReturnValue(300);
    height.mockRestore();
  });

  it('does not collapse an info of 300 px (its limit is 400 px)', () => {
    const height = jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(300);
    renderField(item({ type: 'info', html: '<p>Some text</p>' }));
    expect(screen.queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
    height.mockRestore();
  });
});

describe('e-sign', () => {
  const ORIGIN = 'https://esign.example';
  const esign = item({ type: 'esignForm', url: `${ORIGIN}/session/1`, title: 'Sign the agreement' });

  function post(data: unknown, origin: string, source: Window | null) {
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    });
  }

  it('accepts ESIGN only from the frame’s own origin and window', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { value } = renderField(esign);
    const frame = screen.getByTitle('Sign the agreement') as HTMLIFrameElement;
    expect(frame).toHaveAttribute('src', `${ORIGIN}/session/1`);
    post({ type: 'ESIGN' }, 'https://evil.example', frame.contentWindow);
    post({ type: 'ESIGN' }, window.location.origin, frame.contentWindow);
    post({ type: 'ESIGN' }, ORIGIN, window);
    post({ type: 'ESIGN' }, ORIGIN, null);
    post('ESIGN', ORIGIN, frame.contentWindow);
    post({ type: 'READY' }, ORIGIN, frame.contentWindow);
    post(null, ORIGIN, frame.contentWindow);
    expect(value()).toBeUndefined();
    expect(screen.getByRole('status')).toHaveTextContent('Not signed yet');
    // The page's message guard logged the refused ones (another origin; the right origin from another window).
    const refused = warn.mock.calls.map(([message]) => String(message));
    expect(refused.some((m) => m.includes('from https://evil.example'))).toBe(true);
    expect(refused.some((m) => m.includes(`from ${ORIGIN}`))).toBe(true);
    expect(refused.join('\n')).not.toContain('ESIGN');
    post({ type: 'ESIGN' }, ORIGIN, frame.contentWindow);
    expect(value()).toEqual({ status: 'signed', at: expect.any(String) });
    expect(screen.getByRole('status')).toHaveTextContent(/^Signed on /);
    warn.mockRestore();
  });

  it('no longer hears the frame once the field is gone', async () => {
    const { value, unmount } = renderField(esign);
    const frame = screen.getByTitle('Sign the agreement') as HTMLIFrameElement;
    const frameWindow = frame.contentWindow;
    const later = jest.fn();
    window.addEventListener('message', later);
    post({ type: 'REJECT' }, ORIGIN, frameWindow);
    expect(value()).toMatchObject({ status: 'rejected' });
    await screen.findByText(/^Rejected on /);
    expect(later).toHaveBeenCalledTimes(1);
    unmount();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Its origin is no longer registered: refused before any other listener sees it.
    post({ type: 'ESIGN' }, ORIGIN, frameWindow);
    expect(later).toHaveBeenCalledTimes(1);
    window.removeEventListener('message', later);
    warn.mockRestore();
  });

  it('tells the caller’s onSign and onReject of the outcome, with the new answer', () => {
    const heard: EsignValue[] = [];
    const { value, unmount } = renderField(esign, {
      itemCode: {
        answer: {
          onSign: (outcome) => heard.push(outcome),
          onReject: (outcome) => heard.push(outcome),
        },
      },
    });
    const frame = screen.getByTitle('Sign the agreement') as HTMLIFrameElement;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Refused messages tell nobody.
    post({ type: 'ESIGN' }, 'https://evil.example', frame.contentWindow);
    post({ type: 'READY' }, ORIGIN, frame.contentWindow);
    expect(heard).toEqual([]);
    warn.mockRestore();
    post({ type: 'ESIGN' }, ORIGIN, frame.contentWindow);
    expect(screen.getByRole('status')).toHaveTextContent(/^Signed on /);
    expect(heard).toEqual([value()]);
    expect(heard[0]).toMatchObject({ status: 'signed' });
    post({ type: 'REJECT' }, ORIGIN, frame.contentWindow);
    expect(screen.getByRole('status')).toHaveTextContent(/^Rejected on /);
    expect(heard).toHaveLength(2);
    expect(heard[1]).toEqual(value());
    expect(heard[1]).toMatchObject({ status: 'rejected' });
    unmount();
  });

  it('records REJECT, and shows the outcome in view mode', () => {
    const { value, unmount } = renderField(esign);
    const frame = screen.getByTitle('Sign the agreement') as HTMLIFrameElement;
    post({ type: 'REJECT' }, ORIGIN, frame.contentWindow);
    expect(value()).toMatchObject({ status: 'rejected' });
    unmount();
    renderField(esign, { mode: 'view', initialValues: { answer: { status: 'signed', at: '2026-01-02T10:00:00Z' } } });
    expect(screen.getByText(/^Signed on Jan 2, 2026/)).toBeInTheDocument();
    expect(screen.queryByTitle('Sign the agreement')).not.toBeInTheDocument();
  });

  it('builds the address from customDomain, wid and hosted, and refuses other schemes', () => {
    expect(esignUrl({ customDomain: 'sign.acme.example', wid: 'w 1', hosted: true })?.href).toBe(
      'https://sign.acme.example/sign/w%201?mode=hosted',
    );
    expect(esignUrl({ customDomain: 'sign.acme.example', wid: 'w1' })?.href).toBe(
      'https://sign.acme.example/sign/w1?mode=embedded',
    );
    expect(esignUrl({ customDomain: 'evil.example/x?', wid: 'w1' })).toBeNull();
    expect(esignUrl({ url: 'javascript:alert(1)' })).toBeNull();
    renderField(item({ type: 'esignForm', url: 'javascript:alert(1)' }));
    expect(screen.getByText('The signing page is not available.')).toBeInTheDocument();
  });
});

describe('embedded form', () => {
  it('frames the page at 800 x 1132 px', () => {
    renderField(item({ type: 'embedded_form', url: 'https://forms.example/f/1', title: 'Tax form' }));
    const frame = screen.getByTitle('Tax form');
    expect(frame).toHaveAttribute('width', '800');
    expect(frame).toHaveAttribute('height', '1132');
    expect(frame).toHaveAttribute('src', 'https://forms.example/f/1');
  });
});

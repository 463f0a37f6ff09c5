import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormDefinition } from '@careers/shared/contract';
import { renderForm, setupFormsI18n } from '../testing';
import { safeImageSrc } from './HtmlLayout';

beforeAll(() => setupFormsI18n());

const htmlForm: FormDefinition = {
  id: 'welcome',
  title: 'Welcome pack',
  layout: 'html',
  sections: [
    {
      id: 'intro',
      title: 'Before your first day',
      description: 'Read each card.',
      items: [
        {
          name: 'welcome',
          type: 'info',
          label: 'Welcome aboard',
          html: '<p>Hello <strong>team</strong></p><script>window.__hacked = true</script><img src="x" onerror="window.__hacked = true">',
          image: 'https://cdn.example.com/office.png',
          ariaLabel: 'Our Toronto office',
        },
        {
          name: 'parking',
          type: 'text',
          label: 'Parking permit number',
          html: '<p>Find it on your <a href="https://example.com/permit">permit</a>.</p>',
          image: 'javascript:alert(1)',
        },
        {
          name: 'dress',
          type: 'instruction',
          label: 'Dress code',
          html: '<p>Business casual.</p>',
          image: '/images/dress.png',
        },
        { name: 'badge', type: 'text', label: 'Badge name', image: 'data:image/png;base64,AAAA' },
        { name: 'team', type: 'text', label: 'Team', image: '//evil.example/x.png' },
      ],
    },
  ],
};

const card = (name: string) => screen.getByRole('article', { name });

describe('HtmlLayout (html-content form)', () => {
  it('shows each item as a card with its label as heading and its sanitised HTML as description', () => {
    const { container } = renderForm({ form: htmlForm });
    expect(screen.getByRole('heading', { level: 2, name: 'Before your first day' })).toBeInTheDocument();
    const welcome = card('Welcome aboard');
    expect(within(welcome).getByRole('heading', { level: 3, name: 'Welcome aboard' })).toBeInTheDocument();
    expect(welcome).toHaveTextContent('Hello team');
    // The script and the event handler are gone.
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect((window as { __hacked?: boolean }).__hacked).toBeUndefined();
    // An info item's HTML is its description; it is not repeated by its field.
    expect(screen.getAllByText(/Hello/)).toHaveLength(1);
    // Links in the description open in a new tab, said to screen readers.
    const link = within(card('Parking permit number')).getByRole('link', { name: /permit/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent('(opens in a new tab)');
  });

  it('shows an image only from http(s) or this site, with its aria label as alt text (else decorative)', () => {
    renderForm({ form: htmlForm });
    expect(within(card('Welcome aboard')).getByRole('img', { name: 'Our Toronto office' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/office.png',
    );
    const dress = card('Dress code').querySelector('img');
    expect(dress).toHaveAttribute('src', '/images/dress.png');
    expect(dress).toHaveAttribute('alt', '');
    for (const name of ['Parking permit number', 'Badge name', 'Team']) {
      expect(card(name).querySelector('img')).toBeNull();
    }
  });

  it('keeps the field of the items that take a value, in the card', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ form: htmlForm });
    const input = within(card('Parking permit number')).getByRole('textbox', { name: 'Parking permit number' });
    await user.type(input, 'P-42');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ parking: 'P-42' });
    expect(within(card('Dress code')).queryByRole('textbox')).toBeNull();
  });
});

describe('safeImageSrc', () => {
  it.each([
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['http://cdn.example.com/a.png', 'http://cdn.example.com/a.png'],
    ['/img/a.png?v=2', '/img/a.png?v=2'],
    ['  /img/a.png ', '/img/a.png'],
  ])('accepts %s', (value, expected) => expect(safeImageSrc(value)).toBe(expected));

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '//evil.example/a.png',
    '/\\evil.example/a.png',
    'a.png',
    'ftp://example.com/a.png',
    '',
    undefined,
  ])('refuses %s', (value) => expect(safeImageSrc(value)).toBeNull());
});

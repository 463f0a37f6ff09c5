import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { ReactElement } from 'react';
import { i18n, initI18n } from '../i18n/i18n';
import { Button } from './Button';
import { CloseIcon, IconButton } from './IconButton';
import { CheckboxField, Field, Input, Select, Textarea } from './Field';
import { LoadingState, Spinner } from './Spinner';
import { Card, EmptyState, ErrorState, Skeleton, StatusLabel, Tag } from './Display';
import { Dialog, DialogBackdrop } from './Dialog';

beforeAll(() => initI18n('en'));
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const renderUi = (ui: ReactElement) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

describe('Button', () => {
  it.each(['primary', 'secondary', 'neutral', 'disruptive', 'disruptive-secondary', 'text'] as const)(
    'renders the %s variant',
    (variant) => {
      render(<Button variant={variant}>Save</Button>);
      const button = screen.getByRole('button', { name: 'Save' });
      expect(button).toHaveClass('cw-button', `cw-button--${variant}`);
      expect(button).toHaveAttribute('type', 'button');
    },
  );

  it('is primary and medium by default; small and block on request; keeps a submit type', () => {
    render(
      <>
        <Button>One</Button>
        <Button size="small" block type="submit">
          Two
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'One' })).toHaveClass('cw-button--primary');
    expect(screen.getByRole('button', { name: 'One' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Two' })).toHaveClass('cw-button--small', 'cw-button--block');
    expect(screen.getByRole('button', { name: 'Two' })).toHaveAttribute('type', 'submit');
  });

  it('does nothing when disabled', async () => {
    const onClick = jest.fn();
    render(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('while loading: busy, aria-disabled, focusable, a spinner, clicks and submits ignored', async () => {
    const onClick = jest.fn();
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { container, rerender } = render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading onClick={onClick}>
          Saving…
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    expect(container.querySelector('.cw-spinner')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading={false} onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('renders a link with an href (a plain anchor for downloads)', () => {
    render(
      <>
        <Button href="/careers/offers" variant="secondary">
          View
        </Button>
        <Button href="data:application/pdf;base64,AA" download="letter.pdf" variant="text">
          Download
        </Button>
      </>,
    );
    expect(screen.getByRole('link', { name: 'View' })).toHaveAttribute('href', '/careers/offers');
    expect(screen.getByRole('link', { name: 'View' })).toHaveClass('cw-button--secondary');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'letter.pdf');
  });
});

describe('IconButton', () => {
  it('is named by its label, round-button classed, and can be disabled', () => {
    render(
      <>
        <IconButton label="Close" className="x">
          <CloseIcon />
        </IconButton>
        <IconButton label="Close later" disabled>
          <CloseIcon />
        </IconButton>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button).toHaveClass('cw-icon-button', 'x');
    expect(button).toHaveAttribute('type', 'button');
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('button', { name: 'Close later' })).toBeDisabled();
  });
});

describe('Field', () => {
  it('labels the control and describes it by its help text', () => {
    render(
      <Field label="Location" help="City and province">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Location' });
    expect(input).toHaveAccessibleDescription('City and province');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toBeRequired();
  });

  it('marks a required control (the * is hidden from screen readers) and wires the error', () => {
    render(
      <Field label="Email" help="Your login" error="Enter your email address." required>
        {(control) => <Input {...control} type="email" />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // The error's "!" mark is drawn but hidden: the description is the words alone (issue 22).
    expect(input).toHaveAccessibleDescription('Your login Enter your email address.');
    expect(screen.getByText('!')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces the error when asked, adds extra description ids, and wraps selects and textareas', () => {
    render(
      <>
        <p id="extra">More</p>
        <Field label="Country" error="Choose one." announceError describedBy="extra">
          {(control) => (
            <Select {...control}>
              <option>Canada</option>
            </Select>
          )}
        </Field>
        <Field label="Message">{(control) => <Textarea {...control} disabled />}</Field>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Choose one.');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('Choose one. More');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });

  it('gives each field its own ids', () => {
    render(
      <>
        <Field label="A" help="a">
          {(control) => <Input {...control} />}
        </Field>
        <Field label="B" help="b">
          {(control) => <Input {...control} />}
        </Field>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'A' }).id).not.toBe(screen.getByRole('textbox', { name: 'B' }).id);
  });
});

describe('CheckboxField', () => {
  it('puts the label after the box, with help and error wired', async () => {
    const onChange = jest.fn();
    render(
      <CheckboxField label="I agree" help="Read them first" error="Accept to continue." required onChange={onChange} />,
    );
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    expect(box).toBeRequired();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Read them first Accept to continue.');
    await userEvent.click(screen.getByText('I agree'));
    expect(onChange).toHaveBeenCalled();
  });

  it('can be disabled', () => {
    render(<CheckboxField label="Alerts" disabled />);
    expect(screen.getByRole('checkbox', { name: 'Alerts' })).toBeDisabled();
  });
});

describe('Spinner, LoadingState, Skeleton', () => {
  it('the spinner is decorative; LoadingState announces its text ("Loading…" by default)', () => {
    const { container } = renderUi(
      <>
        <Spinner size="large" />
        <LoadingState />
      </>,
    );
    expect(container.querySelector('.cw-spinner--large')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('LoadingState takes its own label, in French too', async () => {
    await i18n.changeLanguage('fr-CA');
    renderUi(<LoadingState />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
  });

  it('the skeleton keeps the given size and is hidden from assistive technology', () => {
    const { container } = render(<Skeleton width={120} height="2rem" shape="circle" />);
    const skeleton = container.firstElementChild as HTMLElement;
    expect(skeleton).toHaveAttribute('aria-hidden', 'true');
    expect(skeleton).toHaveClass('cw-skeleton', 'cw-skeleton--circle');
    expect(skeleton.style.width).toBe('120px');
    expect(skeleton.style.height).toBe('2rem');
  });
});

describe('Card, Tag, StatusLabel', () => {
  it('a card is the element asked for, with its accent', () => {
    render(
      <Card as="article" accent="danger" aria-label="Offer">
        Body
      </Card>,
    );
    expect(screen.getByRole('article', { name: 'Offer' })).toHaveClass('cw-card', 'cw-card--danger');
  });

  it('tags and status labels carry their tone', () => {
    render(
      <>
        <Tag tone="teal">Offer</Tag>
        <Tag tone="danger" solid>
          Action required
        </Tag>
        <StatusLabel tone="success">Accepted</StatusLabel>
      </>,
    );
    expect(screen.getByText('Offer')).toHaveClass('cw-tag', 'cw-tone--teal');
    expect(screen.getByText('Action required')).toHaveClass('cw-tag--solid', 'cw-tone--danger');
    expect(screen.getByText('Accepted')).toHaveClass('cw-status', 'cw-tone--success');
    expect(screen.getByText('Accepted').querySelector('.cw-status__dot')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('EmptyState and ErrorState', () => {
  it('have default texts', () => {
    renderUi(
      <>
        <EmptyState />
        <ErrorState />
      </>,
    );
    expect(screen.getByText('No data found')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while retrieving data');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('take their own texts; ErrorState offers a retry', async () => {
    const onRetry = jest.fn();
    renderUi(
      <>
        <EmptyState title="No offers found" framed>
          They show up here.
        </EmptyState>
        <ErrorState message="The offer could not be loaded." onRetry={onRetry}>
          Check your connection.
        </ErrorState>
      </>,
    );
    expect(screen.getByText('No offers found').parentElement).toHaveClass('cw-state--framed');
    expect(screen.getByText('They show up here.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The offer could not be loaded.Check your connection.Try again',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('are translated (fr-CA)', async () => {
    await i18n.changeLanguage('fr-CA');
    renderUi(
      <>
        <EmptyState />
        <ErrorState onRetry={() => {}} />
      </>,
    );
    expect(screen.getByText('Aucune donnée trouvée')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Une erreur s'est produite lors de la récupération des données",
    );
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});

describe('Dialog styles', () => {
  it('is a medium box by default; small, large or unstyled on request; the backdrop has its class', () => {
    render(
      <DialogBackdrop data-testid="backdrop">
        <Dialog labelledBy="t" onClose={() => {}}>
          <h2 id="t">Title</h2>
        </Dialog>
      </DialogBackdrop>,
    );
    expect(screen.getByTestId('backdrop')).toHaveClass('cw-dialog-backdrop');
    expect(screen.getByRole('dialog', { name: 'Title' })).toHaveClass('cw-dialog');
    expect(screen.getByRole('dialog', { name: 'Title' })).not.toHaveClass('cw-dialog--medium');
  });

  it.each([
    ['small', 'cw-dialog--small'],
    ['large', 'cw-dialog--large'],
  ] as const)('%s', (size, className) => {
    render(
      <Dialog labelledBy="t" onClose={() => {}} size={size}>
        <h2 id="t">Title</h2>
      </Dialog>,
    );
    expect(screen.getByRole('dialog')).toHaveClass('cw-dialog', className);
  });

  it('none leaves the class names to the caller', () => {
    render(
      <Dialog labelledBy="t" onClose={() => {}} size="none" className="panel">
        <h2 id="t">Title</h2>
      </Dialog>,
    );
    expect(screen.getByRole('dialog')).toHaveAttribute('class', 'panel');
  });
});

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { Dialog, DialogBackdrop } from '../ui/Dialog';
import { Button } from '../ui/Button';
import { CloseIcon, IconButton } from '../ui/IconButton';
import { focusElement } from '../ui/focus';
import type { PendingAction } from '../contract/account';
import { AUTH_NAMESPACE } from './prepareAuth';
import { reloadPage } from './reload';
import { SIGN_IN_CODE_LENGTH as CODE_LENGTH } from '../contract/account-constants';
import { PasswordSignIn } from './PasswordSignIn';
import { CodeEntry, CodeRequest } from './CodeSignIn';
import { SignupForm, type SignupSettings } from './SignupForm';
import { ForgotPassword } from './ForgotPassword';

export type { SignupSettings } from './SignupForm';

/** The actions a signed-out visitor may be asked to sign in for, each with its own intro (`login.reasons.*`). */
export type LoginReason = 'saveJob' | 'addToCart' | 'saveSearch';

/**
 * Why the dialog asks for sign-in, which sets its intro (the dialog's description):
 * - `'protectedPage'`: the page itself is for signed-in candidates (the sign-in gate of a protected route);
 * - `'general'`: a public page asks for sign-in (the modal, `show_login_modal=1`), for what signing in offers;
 * - a {@link LoginReason}: the action the visitor asked for, e.g. "Sign in to save this job."
 */
export type LoginIntro = 'protectedPage' | 'general' | LoginReason;

/** The text key of each intro. */
const INTRO_KEYS = {
  protectedPage: 'login.intro',
  general: 'login.reasons.general',
  saveJob: 'login.reasons.saveJob',
  addToCart: 'login.reasons.addToCart',
  saveSearch: 'login.reasons.saveSearch',
} as const satisfies Record<LoginIntro, string>;

export interface LoginDialogProps {
  /** Employer domain (group id) to sign in to. */
  domain: string;
  /** Where the server should send the candidate after signing in (a same-site path); the current page by default. */
  next?: string;
  /** The dialog was closed without signing in (close button or Escape). */
  onClose: () => void;
  /** Signed in (password or mailed code). Default: reload the page, so the server renders it for the candidate. */
  onSignedIn?: () => void;
  /** Why sign-in is asked for, shown under the title (see {@link LoginIntro}); `'protectedPage'` by default. */
  intro?: LoginIntro;
  /** Offer account creation, with these settings; absent where the employer does not let candidates sign up. */
  signup?: SignupSettings;
  /**
   * Sent with a sign-up, for the server to do once the email is confirmed (the link may open in another tab); a
   * sign-in runs the caller's own action instead (`onSignedIn`).
   */
  pendingAction?: PendingAction;
}

/** Where the dialog is: a screen, and for those that mail something, the address it went to. */
type Step =
  | { screen: 'signIn' }
  | { screen: 'code' }
  /** `email` as typed (what the code is checked with), `sentTo` as the server says. */
  | { screen: 'codeSent'; email: string; sentTo: string }
  | { screen: 'signup' }
  | { screen: 'signupSent'; sentTo: string }
  | { screen: 'forgot' }
  | { screen: 'forgotSent'; sentTo: string };

const SIGN_IN: Step = { screen: 'signIn' };

/**
 * The sign-in modal. Each screen has a title (the dialog's name) and an intro (its description), then its form:
 * - sign-in with email and password (first), with links to the others;
 * - "Email me a code": the email, then the mailed code;
 * - "Create account" (with `signup`), then "Check your email";
 * - "Forgot your password?", then "Check your email".
 * Each other screen leads back to the sign-in. On a change of screen focus goes to the new title, or to the code box
 * once a code is mailed. Fields are labelled, their errors tied to them (`aria-describedby`), the server's other
 * errors above the form. Calls go through the shared `request` (CSRF header, cookies). Render it only while open.
 */
export function LoginDialog({
  domain,
  next,
  onClose,
  onSignedIn = reloadPage,
  intro = 'protectedPage',
  signup,
  pendingAction,
}: LoginDialogProps) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const idPrefix = `cw-login-${id}`;
  const ids = { title: `${idPrefix}-title`, intro: `${idPrefix}-intro` };
  const titleRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>(SIGN_IN);
  // One address for every screen: going from the password to a code or a reset keeps what was typed.
  const [email, setEmail] = useState('');

  // The dialog focuses the email box when it opens; afterwards each new step takes focus, so that screen readers
  // announce it: its title, or the code box (described by where the code went).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    focusElement(step.screen === 'codeSent' ? codeRef.current : titleRef.current);
  }, [step]);

  const emailProps = { idPrefix, domain, next, email, onEmailChange: setEmail };
  const back = () => setStep(SIGN_IN);

  let title: string;
  let introText: string;
  let body: ReactNode;
  switch (step.screen) {
    case 'signIn':
      title = t('login.title');
      introText = t(INTRO_KEYS[intro]);
      body = (
        <PasswordSignIn
          {...emailProps}
          emailRef={emailRef}
          onSignedIn={onSignedIn}
          onForgotPassword={() => setStep({ screen: 'forgot' })}
          onEmailCode={() => setStep({ screen: 'code' })}
          onCreateAccount={signup ? () => setStep({ screen: 'signup' }) : undefined}
        />
      );
      break;
    case 'code':
      title = t('code.title');
      introText = t('code.intro', { length: CODE_LENGTH });
      body = (
        <CodeRequest
          {...emailProps}
          onSent={(typed, sentTo) => setStep({ screen: 'codeSent', email: typed, sentTo })}
        />
      );
      break;
    case 'codeSent':
      title = t('code.title');
      introText = t('code.sent', { length: CODE_LENGTH, email: step.sentTo });
      body = (
        <CodeEntry
          idPrefix={idPrefix}
          domain={domain}
          next={next}
          email={step.email}
          sentTextId={ids.intro}
          codeRef={codeRef}
          onSignedIn={onSignedIn}
          onResent={(sentTo) => setStep({ ...step, sentTo })}
        />
      );
      break;
    case 'signup':
      title = t('signup.title');
      introText = t('signup.intro');
      body = (
        <SignupForm
          {...emailProps}
          {...signup}
          pendingAction={pendingAction}
          onSent={(sentTo) => setStep({ screen: 'signupSent', sentTo })}
        />
      );
      break;
    case 'signupSent':
      title = t('mailSent.title');
      introText = t('signup.sent', { email: step.sentTo });
      body = null;
      break;
    case 'forgot':
      title = t('forgot.title');
      introText = t('forgot.intro');
      body = <ForgotPassword {...emailProps} onSent={(sentTo) => setStep({ screen: 'forgotSent', sentTo })} />;
      break;
    case 'forgotSent':
      title = t('mailSent.title');
      introText = t('forgot.sent', { email: step.sentTo });
      body = null;
      break;
  }
  const mailSent = step.screen === 'signupSent' || step.screen === 'forgotSent';

  return (
    <DialogBackdrop>
      <Dialog
        size="small"
        labelledBy={ids.title}
        aria-describedby={ids.intro}
        initialFocusRef={emailRef}
        onClose={onClose}
      >
        {/* One title for every screen, so that the dialog's name is always the visible heading. */}
        <h2 id={ids.title} ref={titleRef} tabIndex={-1} className="cw-dialog__title">
          {title}
        </h2>
        <IconButton className="cw-dialog__close" label={t('login.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
        <p id={ids.intro} className="cw-login__intro">
          {introText}
        </p>
        {body}
        {step.screen !== 'signIn' && (
          <Button variant={mailSent ? 'primary' : 'text'} block={mailSent} className="cw-login__back" onClick={back}>
            {t('login.backToSignIn')}
          </Button>
        )}
      </Dialog>
    </DialogBackdrop>
  );
}

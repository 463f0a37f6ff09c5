/**
 * @jest-environment jsdom
 *
 * Issue 22, defect 4: on a 390x844 phone the careers sites frame the e-sign page at a fixed height (600 px for a
 * form's e-sign question, 80vh and at least 600 px for an offer document), and the page's details pushed its own
 * Sign button to 685 px, below the frame's edge, while the careers page's "Submit form" showed below the frame.
 * The page now keeps its sign controls and the outcome in a bar stuck to the bottom of its viewport, whatever the
 * height of what is above them. jsdom lays nothing out, so this test reads what the browser would: the page the
 * server renders, styled by the stylesheet it serves, and the computed position of the controls' box.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '../src/i18n';
import { renderEsignPage } from '../src/esign/page';
import type { FormSessionContext, OfferSessionContext } from '../src/esign/repository';

const ESIGN_CSS = fs.readFileSync(path.join(__dirname, '../src/esign/assets/esign.css'), 'utf8');

const base = {
  token: 'tok-123',
  signerKey: 'key',
  status: 'pending' as const,
  signerName: null,
  completedAt: null,
  companyName: 'Acme Robotics',
  employerDomain: 'acme.example',
  candidateName: 'Casey Jordan',
};

const offerSession: OfferSessionContext = {
  ...base,
  kind: 'offer',
  documentId: 7,
  documentName: 'Code of conduct and confidentiality agreement',
  documentType: 'Policy',
  documentSigned: false,
  originalFileId: 3,
  positionName: 'Production Supervisor, Night Shift',
  offerLive: true,
};

const formSession: FormSessionContext = {
  ...base,
  kind: 'form',
  assignmentId: 4,
  formTitle: 'Onboarding policies',
  // A long question and help: the content above the controls is as tall as an employer makes it.
  item: {
    name: 'consent',
    label: 'Consent signature',
    title: 'Sign the health and safety policy',
    help: 'Read the policy. '.repeat(60),
  },
  formCompleted: false,
};

/** Loads the rendered page into the test document, styled by the e-sign stylesheet. */
function open(html: string): void {
  document.documentElement.innerHTML = html.replace(/^<!doctype html>\s*<html[^>]*>/i, '').replace(/<\/html>\s*$/, '');
  const style = document.createElement('style');
  style.textContent = ESIGN_CSS;
  document.head.append(style);
}

/** The nearest ancestor (or the element itself) that the stylesheet pins to the bottom of the viewport. */
function stickyBox(element: Element): HTMLElement | null {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (style.position === 'sticky' && style.bottom === '0px') return node as HTMLElement;
  }
  return null;
}

const button = (text: string) =>
  [...document.querySelectorAll('button')].find((candidate) => candidate.textContent === text) ?? null;

const cases: ReadonlyArray<
  readonly [string, Language, OfferSessionContext | FormSessionContext, string, string, string]
> = [
  ['offer document', 'en', offerSession, 'Sign document', 'Decline to sign', '.details'],
  ['offer document', 'fr-CA', offerSession, 'Signer le document', 'Refuser de signer', '.details'],
  ['form question', 'en', formSession, 'Sign', 'Decline to sign', '.help'],
  ['form question', 'fr-CA', formSession, 'Signer', 'Refuser de signer', '.help'],
];

describe('the e-sign page inside a fixed-height frame on a phone (issue 22, defect 4)', () => {
  afterEach(() => {
    document.documentElement.innerHTML = '<head></head><body></body>';
  });

  it.each(cases)(
    'the %s page (%s) keeps Sign and Decline pinned to the bottom of its viewport, below the details',
    (_kind, lang, session, signText, declineText, contentSelector) => {
      open(renderEsignPage({ lang, session, parentOrigin: 'http://localhost:8080' }));
      const sign = button(signText);
      const decline = button(declineText);
      expect(sign).not.toBeNull();
      expect(decline).not.toBeNull();

      const bar = stickyBox(sign!);
      expect(bar).not.toBeNull();
      // Decline, the consent both buttons are described by, and the outcome lines share the pinned bar.
      expect(bar!.contains(decline)).toBe(true);
      expect(bar!.contains(document.getElementById('esign-consent'))).toBe(true);
      expect(bar!.contains(document.getElementById('esign-status'))).toBe(true);
      expect(bar!.contains(document.getElementById('esign-error'))).toBe(true);
      // The details (however long) are above the bar and scroll under it; the bar has a background of its own.
      const content = document.querySelector(contentSelector)!;
      expect(bar!.contains(content)).toBe(false);
      expect(content.compareDocumentPosition(bar!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(getComputedStyle(bar!).backgroundColor).not.toMatch(/^(|transparent|rgba\(0, 0, 0, 0\))$/);

      // Sticky sticks to the nearest box that clips its overflow: none may, up to the document, or the bar would
      // stay at the end of that box instead of at the frame's edge.
      for (let node = bar!.parentElement; node; node = node.parentElement) {
        const { overflow, overflowY } = getComputedStyle(node);
        expect({ element: node.tagName, clips: /hidden|auto|scroll|clip/.test(`${overflow} ${overflowY}`) }).toEqual({
          element: node.tagName,
          clips: false,
        });
      }
    },
  );

  it('a signed document shows its outcome in the same pinned bar (no buttons left to press)', () => {
    open(
      renderEsignPage({
        lang: 'en',
        session: { ...offerSession, status: 'signed', completedAt: '2026-11-20T10:15:00.000Z' },
        parentOrigin: 'http://localhost:8080',
      }),
    );
    expect(document.querySelectorAll('button')).toHaveLength(0);
    const statusLine = document.getElementById('esign-status')!;
    expect(statusLine.textContent).not.toBe('');
    expect(stickyBox(statusLine)).not.toBeNull();
  });
});

import { Icon } from '@careers/shared';
/** Decorative inline icons (hidden from assistive technology; the surrounding control carries the name). */

export function BellIcon() {
  return (
    <Icon
      path="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-1.7 1.7A1 1 0 0 0 4 19.4h16a1 1 0 0 0 .7-1.7L19 16Zm-2 .83.58.57H6.42l.58-.57V11a5 5 0 0 1 10 0v5.83Z"
      size={24}
    />
  );
}

export function CaughtUpIllustration() {
  return (
    <svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <circle cx="36" cy="36" r="36" fill="var(--_cw-color-primary-soft)" />
      <path
        fill="var(--_cw-color-primary)"
        d="M36 54a4 4 0 0 0 3.9-3h-7.8a4 4 0 0 0 3.9 3Zm11-9.5V34a11 11 0 0 0-8.5-10.71V22a2.5 2.5 0 0 0-5 0v1.29A11 11 0 0 0 25 34v10.5l-2.6 2.6A1.1 1.1 0 0 0 23.2 49h25.6a1.1 1.1 0 0 0 .8-1.9Z"
        opacity="0.9"
      />
      <circle cx="50" cy="24" r="9" fill="var(--_cw-color-success)" />
      <path
        fill="none"
        stroke="#ffffff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="m45.8 24.2 2.9 2.9 5.4-5.6"
      />
    </svg>
  );
}

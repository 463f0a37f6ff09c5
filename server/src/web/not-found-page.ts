/**
 * The site's own 404 page: the host page (the employer's header, navbar and footer, the widgets that start on
 * every page) with `noindex` and a short notice in the page slot, in the page's language, linking to the careers
 * home. Used for a position that is not open (job-page.ts) and for a `/careers/…` address that is none of the
 * route table's pages (host-page.ts).
 */
import type { PageSeo } from './job-page';
import { escapeHtml } from './html';

export function notFoundSeo(text: {
  heading: string;
  explanation: string;
  homeLink: string;
  /** The page's own `domain` and `hl` as a query (`?…` or ''), kept by the link home. */
  homeQuery: string;
}): PageSeo {
  const notice = [
    '<section class="careers-notice" role="status" data-careers-notice>',
    `<h2>${escapeHtml(text.heading)}</h2>`,
    `<p>${escapeHtml(text.explanation)}</p>`,
    `<p><a href="/careers${escapeHtml(text.homeQuery)}">${escapeHtml(text.homeLink)}</a></p>`,
    '</section>',
  ].join('');
  return {
    head: [
      '<meta name="robots" content="noindex">',
      // The notice is for people without the widget: once a widget is in the slot, it shows its own.
      // A little room of its own; the employer's CSS may style `.careers-notice` further.
      '<style>.careers-notice{box-sizing:border-box;max-width:64rem;margin:0 auto;padding:2rem 1.5rem}' +
        '#careers-main:has(> [data-careers-widget]) > [data-careers-notice]{display:none}</style>',
    ],
    notice,
  };
}

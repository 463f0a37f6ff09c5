import { SOURCE_LANGUAGE, type StoredBranding } from '../contract';
import { demoTextInEveryLanguage } from '../forms/demo-form-texts';
import { translator } from '../i18n';
import type { EmployerPcsxConfig } from './pcsx-config';

/**
 * The demo employer's page shell (`branding`, docs/product/shell.md#shell-parts): visitors see Acme's own header (the
 * custom navbar), signed-in candidates the careers navbar widget; Acme's footer; a promo banner on the search page; a
 * hero image on the offers, saved jobs and interviews pages; the error page's contact link. A fresh database gets it
 * from the seed (through `DEMO_PCSX_CONFIG`); a database seeded before migration 0015 gets it from that migration.
 */
export const DEMO_BRANDING: StoredBranding = {
  customNavbarConfig: { enable: true, showInLoggedinView: false },
  customPageSections: {
    footer:
      '<p>Questions about a role? <a href="mailto:careers@acme.example">Write to our recruiting team</a>.</p><p>© Acme Robotics. An equal opportunity employer.</p>',
    customPcsBanner: {
      alertType: 'info',
      html: '<strong>Hiring event in Montréal on December 3.</strong> <a href="/careers/search?query=robotics">See the robotics roles</a>',
      pages: ['jobs'],
    },
  },
  heroImageConfig: { imageUrl: '/host-demo/acme-hero.svg', altText: '', pages: ['offers', 'savedJobs', 'interviews'] },
  logoUrl: '/host-demo/acme-logo.svg',
  contactUrl: 'mailto:careers@acme.example',
};

/**
 * The demo employer's (`acme.example`) search, job cart, position details and page shell configuration, stored in
 * `employers.pcsx_config_json`. A fresh database gets it from the seed; a database seeded before migration 0007
 * gets it from that migration (once, only when the `acme.example` row exists and has no configuration yet), and
 * the branding from migration 0015.
 *
 * No maps key here: the map's key comes from `GOOGLE_MAPS_API_KEY` (see `buildBootData`), never from the seed.
 * The label maps cover only values the demo positions use (`server/src/positions/demo-positions.ts`): the
 * employment types are stored as display text already, and `remote` is filtered by `true` / `false`.
 */
export const DEMO_PCSX_CONFIG: EmployerPcsxConfig = {
  // Job alerts by email for signed-out visitors (docs/product/accounts-and-mail.md#job-alerts).
  loggedOutNotificationConfig: {
    enabled: true,
    privacyText:
      'Acme Robotics uses your email only to send the job alerts you ask for. Every alert has a link to stop them.',
  },
  searchConfig: {
    smartFilters: ['department', 'employment_type', 'remote'],
    allFilters: ['department', 'employment_type', 'location', 'remote', 'skills', 'distance'],
    mapConfig: { enabled: true },
    currentLocation: { enabled: true },
    // No display names or labels: the widget names its filters and the values it knows in the page's language.
  },
  jobCartConfig: { enabled: true },
  positionDetailsConfig: { showMatchDetails: true, showInsights: true },
  branding: DEMO_BRANDING,
  // Casey's referral cards show her application to each referred position (decision 023).
  gates: { referralWithCandidateApplicationGate: true },
};

/** The demo configuration's texts the server catalogues give in every language (`demo.config.*`), by where they are. */
const DEMO_CONFIG_TEXTS: ReadonlyArray<{ key: string; path: readonly string[] }> = [
  { key: 'demo.config.privacyText', path: ['loggedOutNotificationConfig', 'privacyText'] },
  { key: 'demo.config.footer', path: ['branding', 'customPageSections', 'footer'] },
  { key: 'demo.config.banner', path: ['branding', 'customPageSections', 'customPcsBanner', 'html'] },
];

/**
 * `config` with each of the demo's own texts that is still exactly as the demo wrote it given in every language, as a
 * real employer may give its texts (docs/product/languages.md#content-in-the-language): the demo's banner, footer and
 * job-alert privacy note read in the page's language. A text someone changed is left as it is. The stored form of
 * the demo configuration (the seed, and the start of a database seeded before).
 */
export function withDemoConfigLanguages(config: EmployerPcsxConfig): EmployerPcsxConfig {
  const copy = JSON.parse(JSON.stringify(config)) as Record<string, unknown>;
  const english = translator(SOURCE_LANGUAGE);
  for (const { key, path } of DEMO_CONFIG_TEXTS) {
    let parent: Record<string, unknown> | undefined = copy;
    for (const part of path.slice(0, -1)) {
      const next: unknown = parent?.[part];
      parent = next && typeof next === 'object' ? (next as Record<string, unknown>) : undefined;
    }
    const last = path[path.length - 1]!;
    if (parent && parent[last] === english(key)) parent[last] = demoTextInEveryLanguage(key, english(key));
  }
  return copy as EmployerPcsxConfig;
}

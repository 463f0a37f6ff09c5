import { isShellAddress, type BootData } from '../contract';
import { resolveLanguage, translator } from '../i18n';
import { escapeHtml } from './html';

/** The page element the shell draws its navbar into (shared/src/contract/shell-parts.ts `SHELL_SLOTS.navbar`). */
const NAVBAR_SLOT = 'careers-navbar';

/**
 * What the page shows in the navbar's slot before any script runs, on a page where the careers navbar is drawn:
 * the careers home link ("Careers at {company}") in the navbar's 60 px, so the first paint already has the page's
 * heading bar (the employer's own header steps aside for the navbar), with the employer's logo where the navbar
 * shows one, in the same 40 px box, so the name does not move when the widget takes over. The widget's navbar
 * replaces it: a style rule hides it once the widget's host is in the slot.
 */
export function navbarPreview(boot: BootData, homeQuery: string): { head: string; html: string } {
  const t = translator(resolveLanguage(boot.language));
  const company = boot.pcsxConfig.branding?.companyName ?? '';
  const label = company ? t('shell.brand', { company }) : t('shell.brandPlain');
  const logoUrl = boot.pcsxConfig.branding?.logoUrl?.trim();
  const logo =
    logoUrl && isShellAddress(logoUrl) ? `<img src="${escapeHtml(logoUrl)}" alt="" width="178" height="160">` : '';
  return {
    head:
      '<style>.careers-navbar-preview{box-sizing:border-box;display:flex;align-items:center;height:60px;' +
      'max-width:1440px;margin:0 auto;padding:0 24px;font-size:18px;font-weight:700}' +
      '.careers-navbar-preview>a{display:flex;align-items:center;gap:10px}' +
      '.careers-navbar-preview img{height:40px;width:auto;aspect-ratio:178/160;object-fit:contain}' +
      `#${NAVBAR_SLOT}:has(> [data-careers-widget]) > [data-careers-preview]{display:none}</style>`,
    html:
      `<div class="careers-navbar-preview" data-careers-preview>` +
      `<a href="/careers${escapeHtml(homeQuery)}">${logo}<span>${escapeHtml(label)}</span></a></div>`,
  };
}

/** Puts the navbar preview at the start of the navbar's slot, when the template has that slot. */
export function withNavbarPreview(html: string, preview: { html: string }): string {
  const slot = new RegExp(`<[a-zA-Z][a-zA-Z0-9-]*\\s(?:[^>]*\\s)?id\\s*=\\s*["']${NAVBAR_SLOT}["'][^>]*>`, 'i');
  return slot.test(html) ? html.replace(slot, (open) => `${open}${preview.html}`) : html;
}

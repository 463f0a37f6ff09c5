import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './0001_initial';
import { offers } from './0002_offers';
import { securityLimits } from './0003_security_limits';
import { esignSignerKeys } from './0004_esign_signer_keys';
import { positions } from './0005_positions';
import { savedSearches } from './0006_saved_searches';
import { employerPcsxConfig } from './0007_employer_pcsx_config';
import { positionSearchVersions } from './0008_position_search_versions';
import { formsApplications } from './0009_forms_applications';
import { formAssignments } from './0010_form_assignments';
import { formEsignSessions } from './0011_form_esign_sessions';
import { dashboard } from './0012_dashboard';
import { profile } from './0013_profile';
import { settings } from './0014_settings';
import { pageShell } from './0015_page_shell';
import { applyLimits } from './0016_apply_limits';
import { allowedOrigins } from './0017_allowed_origins';
import { detachGuestApplications } from './0018_detach_guest_applications';
import { accountsAndMail } from './0019_accounts_and_mail';
import { jobAlerts } from './0020_job_alerts';

/**
 * Every migration, keyed by an ordered name. Append-only: never edit or rename a shipped migration; add the
 * next one as `0002_...` (for example offers and offer documents).
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_initial': initial,
  '0002_offers': offers,
  '0003_security_limits': securityLimits,
  '0004_esign_signer_keys': esignSignerKeys,
  '0005_positions': positions,
  '0006_saved_searches': savedSearches,
  '0007_employer_pcsx_config': employerPcsxConfig,
  '0008_position_search_versions': positionSearchVersions,
  '0009_forms_applications': formsApplications,
  '0010_form_assignments': formAssignments,
  '0011_form_esign_sessions': formEsignSessions,
  '0012_dashboard': dashboard,
  '0013_profile': profile,
  '0014_settings': settings,
  '0015_page_shell': pageShell,
  '0016_apply_limits': applyLimits,
  '0017_allowed_origins': allowedOrigins,
  '0018_detach_guest_applications': detachGuestApplications,
  '0019_accounts_and_mail': accountsAndMail,
  '0020_job_alerts': jobAlerts,
};

/** Serves the in-code migrations, so migrating works the same from tsx, Jest and a bundle. */
export class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return { ...migrations };
  }
}

import type { BootData } from '../contract';
import { configureHttp } from '../http';
import { initI18n } from '../i18n/i18n';
import { installWindowMessageGuard } from '../messages/windowMessages';
import { booted } from '../store/sessionSlice';
import { store } from '../store/store';

/**
 * Puts the starting data into the shared store, the HTTP layer and i18n. Called once by the root config, first:
 * the window message guard goes in before anything else (docs/product/shell.md#window-messages).
 */
export async function startShared(boot: BootData): Promise<void> {
  installWindowMessageGuard({ recaptchaOrigin: boot.pcsxConfig.recaptchaConfig?.origin });
  configureHttp({ userId: boot.user?.id ?? null, groupId: boot.groupId });
  store.dispatch(booted(boot));
  await initI18n(boot.language, boot.supportedLanguages);
}

import { allowedResumeTypes, selectBoot, useAppSelector, type ResumeFileType } from '@careers/shared';
import type { ProfileOwnConfig } from '@careers/shared/contract';

/*
 * The employer's profile configuration as the page reads it from the boot data. The rules that apply it
 * (`allowedResumeTypes`, `shownProfileSections`, `isProfileFieldShown`) are the contract's one declaration
 * (shared/src/contract/profile-rules.ts), which the server uses too.
 */

/** The employer's `profileConfig.own` from the boot data. */
export function useProfileOwnConfig(): ProfileOwnConfig | undefined {
  return useAppSelector((state) => selectBoot(state)?.pcsxConfig.profileConfig?.own);
}

/** The employer's resume types from the boot data. */
export function useResumeTypes(): readonly ResumeFileType[] {
  const config = useAppSelector((state) => selectBoot(state)?.pcsxConfig.fileUploadConfig);
  return allowedResumeTypes(config);
}

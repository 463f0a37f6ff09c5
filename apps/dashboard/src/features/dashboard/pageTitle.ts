import { useEffect } from 'react';
import { selectBoot, seoTitleFor, setPageTitle, useAppSelector, useTranslation, type PageId } from '@careers/shared';

/**
 * The document title of this widget's pages, in the order of docs/product/shell.md#page-title: the employer's SEO title
 * for the page, else "Careers at {company}". None of these pages is a position or a search, so the page's own heading
 * never takes the "position | company" form ("Dashboard | Acme Robotics" read as a job named Dashboard; issue 22). Set
 * again when the language changes (the fallback is translated).
 */
export function useCareersPageTitle(page: PageId | null | undefined): void {
  const boot = useAppSelector(selectBoot);
  const { i18n } = useTranslation();
  const seoTitle = page ? seoTitleFor(boot?.pcsxConfig, page) : null;
  const company = boot?.pcsxConfig.branding?.companyName ?? null;
  const language = i18n.language;
  useEffect(() => {
    setPageTitle({ seoTitle, company });
  }, [seoTitle, company, language]);
}

import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from './site-footer.tsx';

/** Skip link, header, main landmark and footer shared by every layout. */
export function PageShell({ header, children }: { header: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page-shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {header}
      <Box component="main" id="main" tabIndex={-1} className="page-main">
        {children}
      </Box>
      <SiteFooter />
    </div>
  );
}

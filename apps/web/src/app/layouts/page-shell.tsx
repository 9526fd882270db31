import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from './site-footer.tsx';

/** Skip link, header, main landmark and footer shared by every layout (the meeting room goes without the footer). */
export function PageShell({ header, children, footer = true }: { header: ReactNode; children: ReactNode; footer?: boolean }) {
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
      {footer && <SiteFooter />}
    </div>
  );
}

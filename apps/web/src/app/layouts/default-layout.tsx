import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageShell } from './page-shell.tsx';
import { SiteHeader } from './site-header.tsx';

export function DefaultLayout({ children }: { children?: ReactNode }) {
  return <PageShell header={<SiteHeader />}>{children ?? <Outlet />}</PageShell>;
}

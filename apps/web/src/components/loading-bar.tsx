import { useTranslation } from 'react-i18next';
import { useRequestsInFlight } from '../lib/request-activity.ts';

/** A thin bar at the top of the page while any API request is in flight. */
export function LoadingBar() {
  const { t } = useTranslation();
  const loading = useRequestsInFlight();
  if (!loading) return null;
  return (
    <div className="loading-bar" role="progressbar" aria-label={t('common.loading')}>
      <div className="loading-bar__indicator" />
    </div>
  );
}

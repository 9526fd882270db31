import { systemPaths } from '@rozmova/contracts';
import { lazy, Suspense } from 'react';
import { runtimeConfig } from '../lib/runtime-config.ts';
import { hasUnsavedInput, isReloading, reloadIntoUpdate } from '../lib/reload-guard.ts';
import { routeTable } from './route-table.ts';

// Loaded a second after the start, off the first download; a failed fetch of it leaves the page as it is.
const UpdateAgent = lazy(() =>
  new Promise((resolve) => setTimeout(resolve, 1000)).then(() => import('./update-agent.tsx')).catch(() => ({ default: () => null })),
);

const guard = { hasUnsavedInput, isReloading, reloadIntoUpdate };
const build = { id: runtimeConfig.build_id, manifestUrl: systemPaths.version };

/** New deployments, the question before leaving unsent input, and link preloading (app/update-agent.tsx). */
export function Updates() {
  return (
    <Suspense fallback={null}>
      <UpdateAgent build={build} guard={guard} routes={routeTable()} />
    </Suspense>
  );
}

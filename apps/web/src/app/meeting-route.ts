/**
 * The meeting room's route modules, loaded in two steps: the router's own chunk (and so the landing page's first
 * download) names only this small chunk, and this chunk names the room's many dependencies.
 */
export const loadMeetingLayout = () => import('./layouts/meeting-layout.tsx').then((m) => ({ Component: m.MeetingLayout }));

export const loadMeetingPage = () => import('../features/meeting/meeting-page.tsx').then((m) => ({ Component: m.MeetingPage }));

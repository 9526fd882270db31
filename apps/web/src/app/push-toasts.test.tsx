import { notifications } from '@mantine/notifications';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Toasts from '../components/toasts.tsx';
import { show } from '../test/render.tsx';
import PushToasts from './push-toasts.tsx';

/** The page's side of the service worker: its messages, as the browser hands them over. */
class ServiceWorkerContainer extends EventTarget {
  startMessages = vi.fn();
  say(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

let worker: ServiceWorkerContainer;
beforeEach(() => {
  worker = new ServiceWorkerContainer();
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
});
afterEach(() => {
  // The page goes first, then the browser's side it listened to.
  cleanup();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  notifications.clean();
});

const push = (title: string, body: string) => ({ type: 'rozmova-push', message: { notification: { title, body } } });

/** A signed-in page with a way to sign out (which takes the signed-in controls away). */
function SignedInPage() {
  const [signedIn, setSignedIn] = useState(true);
  return (
    <>
      <Toasts />
      {signedIn && <PushToasts userId="patient-1" />}
      <button type="button" onClick={() => setSignedIn(false)}>
        Log out
      </button>
    </>
  );
}

async function openPage() {
  await show(<SignedInPage />);
  expect(worker.startMessages).toHaveBeenCalled();
}

describe('a push while the page is in view', () => {
  it('shows as a toast with its title and text', async () => {
    await openPage();
    act(() => worker.say(push('New message', 'Dr Shevchenko wrote to you')));
    expect(await screen.findByText('New message')).toBeInTheDocument();
    expect(screen.getByText('Dr Shevchenko wrote to you')).toBeInTheDocument();
  });

  it('takes only the app’s own push messages from the service worker', async () => {
    await openPage();
    act(() => worker.say({ type: 'something-else', message: { notification: { title: 'Other', body: 'Not ours' } } }));
    act(() => worker.say({ type: 'rozmova-push', message: {} }));
    act(() => worker.say(push('Payment received', 'Thank you')));
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(screen.queryByText('Not ours')).not.toBeInTheDocument();
  });

  it('stops when the person leaves the signed-in pages', async () => {
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    act(() => worker.say(push('Too late', 'Nobody is here')));
    expect(screen.queryByText('Too late')).not.toBeInTheDocument();
  });
});

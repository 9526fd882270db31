import type { CDPSession, Page } from '@playwright/test';

/**
 * The page's WebSockets as DevTools sees them (created, handshaken, closed), so a spec can assert that the realtime
 * connection really dropped and came back, not only that the app says so. Start it before the page loads: DevTools
 * reports only sockets opened after `Network.enable`.
 */
export interface SocketWatch {
  cdp: CDPSession;
  /** Socket.IO connections open now (handshake done, not closed). */
  open(): number;
  /** Socket.IO connections closed so far. */
  closed(): number;
}

export async function watchSockets(page: Page): Promise<SocketWatch> {
  const cdp = await page.context().newCDPSession(page);
  const sockets = new Map<string, { url: string; open: boolean; closed: boolean }>();
  cdp.on('Network.webSocketCreated', ({ requestId, url }) => sockets.set(requestId, { url, open: false, closed: false }));
  cdp.on('Network.webSocketHandshakeResponseReceived', ({ requestId }) => {
    const socket = sockets.get(requestId);
    if (socket) socket.open = true;
  });
  cdp.on('Network.webSocketClosed', ({ requestId }) => {
    const socket = sockets.get(requestId);
    if (socket) socket.closed = true;
  });
  await cdp.send('Network.enable');
  const realtime = () => [...sockets.values()].filter((socket) => socket.url.includes('/socket.io/'));
  return {
    cdp,
    open: () => realtime().filter((socket) => socket.open && !socket.closed).length,
    closed: () => realtime().filter((socket) => socket.closed).length,
  };
}

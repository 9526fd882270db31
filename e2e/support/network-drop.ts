import type { CDPSession, Page } from '@playwright/test';

/**
 * A page's network dropped and restored through the DevTools protocol, WebRTC included (the meeting spec and bench).
 *
 * Playwright's `setOffline` does not stop WebRTC media in this Chromium (frames keep arriving), and neither does
 * `Network.emulateNetworkConditions` sent to a page whose peer connection already exists: Chromium applies the
 * emulation, whose `packetLoss` (0–100) is a WebRTC parameter, only to peer connections made while an emulation is
 * active. So the page is armed before it loads with a harmless emulation (1 ms latency, nothing else), `dropNetwork`
 * takes it offline with every WebRTC packet lost, and `restoreNetwork` goes back to the armed state.
 *
 * Measured on Chromium 156: armed, media stops within the first second of the drop and comes back after it; unarmed,
 * frames keep being decoded throughout. WebRTC over TCP (TURN over TCP) is not covered: a relayed call that has a
 * `turn:…?transport=tcp` server found its way back through it after about 6 s of a drop.
 */
const ARMED = { offline: false, latency: 1, downloadThroughput: -1, uploadThroughput: -1, packetLoss: 0 };

export async function armNetworkEmulation(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', ARMED);
  return cdp;
}

export async function dropNetwork(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
    packetLoss: 100,
  });
}

export async function restoreNetwork(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', ARMED);
}

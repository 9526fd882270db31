import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Appointment } from '@rozmova/contracts';
import { bearer } from './booking.ts';
import { startCoturn, type Coturn } from './coturn.ts';
import { expect, test } from './fixtures.ts';

/**
 * What the meeting specs share. Their worker runs a real coturn and starts the app with its TURN settings, and its
 * Chromium has a fake camera and a fake microphone that talks (`fakeVoice`), with no permission prompt. The specs that use `meetingTest` share
 * one worker (the same fixtures), so the app and coturn start once for all of them.
 */
export const meetingTest = test.extend<object, { coturn: Coturn }>({
  coturn: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const coturn = await startCoturn();
      await use(coturn);
      await coturn.stop();
    },
    { scope: 'worker' },
  ],
  appEnv: [async ({ coturn }, use) => use(coturn.env), { scope: 'worker' }],
  launchOptions: [
    async ({ launchOptions }, use) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'rozmova-voice-'));
      const voice = path.join(dir, 'voice.wav');
      writeFileSync(voice, fakeVoice());
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          `--use-file-for-fake-audio-capture=${voice}`,
        ],
      });
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});

/**
 * What the fake microphone says: tones like syllables (400 ms of 440 or 660 Hz, 100 ms of silence), looped by Chromium.
 * Its default fake microphone only beeps briefly twice a second, which the room's level meter (a 21 ms window read
 * every 100 ms) can miss for the whole check when the two happen to be out of phase; a person talking is not missed.
 */
function fakeVoice(): Buffer {
  const rate = 48_000;
  const samples = rate * 2;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const tone = Math.floor(t / 0.5) % 2 ? 660 : 440;
    const value = t % 0.5 < 0.4 ? 0.4 * Math.sin(2 * Math.PI * tone * t) : 0;
    data.writeInt16LE(Math.round(value * 32_767), i * 2);
  }
  // A 16-bit mono PCM WAVE header.
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

declare global {
  interface Window {
    /** The room's current RTCPeerConnection (the web app's test hook). */
    __rozmovaPeer?: RTCPeerConnection & { __e2eId?: string };
  }
}

export interface InboundVideo {
  /** Which peer connection was read (a new one after every rejoin); null when there is none. */
  peer: string | null;
  framesDecoded: number;
  /** The local candidate type of the selected candidate pair: host, srflx, prflx or relay. */
  localCandidateType: string | null;
  /** That candidate's port (for a relay candidate: the port the TURN server relays from). */
  localCandidatePort: number | null;
}

/** The inbound video of the room's current peer connection, from getStats(). */
export function inboundVideo(page: Page): Promise<InboundVideo> {
  return page.evaluate(async () => {
    const pc = window.__rozmovaPeer;
    if (!pc) return { peer: null, framesDecoded: 0, localCandidateType: null, localCandidatePort: null };
    pc.__e2eId ??= crypto.randomUUID();
    const stats = await pc.getStats();
    let framesDecoded = 0;
    let pairId: string | undefined;
    stats.forEach((report: { type: string; kind?: string; framesDecoded?: number; selectedCandidatePairId?: string }) => {
      if (report.type === 'inbound-rtp' && report.kind === 'video') framesDecoded += report.framesDecoded ?? 0;
      if (report.type === 'transport' && report.selectedCandidatePairId) pairId = report.selectedCandidatePairId;
    });
    const pair = pairId ? (stats.get(pairId) as { localCandidateId?: string } | undefined) : undefined;
    const local = pair?.localCandidateId
      ? (stats.get(pair.localCandidateId) as { candidateType?: string; port?: number } | undefined)
      : undefined;
    return { peer: pc.__e2eId, framesDecoded, localCandidateType: local?.candidateType ?? null, localCandidatePort: local?.port ?? null };
  });
}

/** Frames keep being decoded: two readings of the same peer connection, the later one higher. */
export async function expectVideoFlowing(page: Page, timeout = 15_000, message = `video decoded on ${page.url()}`): Promise<void> {
  let last = await inboundVideo(page);
  await expect(async () => {
    const now = await inboundVideo(page);
    const grew = now.peer !== null && now.peer === last.peer && now.framesDecoded > last.framesDecoded && last.framesDecoded > 0;
    last = now;
    expect(grew, message).toBe(true);
  }).toPass({ timeout, intervals: [250] });
}

/** The <video> plays a picture: not paused, with frames and a size. */
export async function expectVideoPlaying(page: Page, testId: 'local-video' | 'remote-video'): Promise<void> {
  const video = page.getByTestId(testId);
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.readyState >= 2 && element.videoWidth > 0))
    .toBe(true);
}

/**
 * An operator books an urgent consultation starting this minute (the next one in the last 2 s of a minute, so the
 * date is never in the past by the time the server reads it): the room is open at once.
 */
export async function bookUrgent(
  request: APIRequestContext,
  operatorToken: string,
  doctorId: string,
  patientId: string,
): Promise<Appointment> {
  const start = new Date(Math.floor((Date.now() + 2_000) / 60_000) * 60_000);
  const response = await request.post('/v1/appointments', {
    headers: bearer(operatorToken),
    data: {
      appointment_doctorId: doctorId,
      appointment_patientId: patientId,
      appointment_date: start.toISOString().replace('.000Z', 'Z'),
      appointment_urgent: true,
      appointment_paymentType: 'None',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Appointment;
}

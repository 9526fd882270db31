/**
 * The video consultation's time to media: two headless Chromium pages (fake camera and microphone) on this machine,
 * the patient already waiting in the room, from the doctor pressing "Join the consultation" to the first decoded
 * remote video frame on both sides; direct and relay-only (`?relay=1`, through a real coturn). Then the time to media
 * after the patient's network dropped for 10 s. Baseline, in the same process and browser: a bare RTCPeerConnection
 * call between two connections in one page (no app, no server, no signalling), from its offer to the first decoded
 * frame on both sides, direct and through the same coturn. Exits non-zero only when a call failed, never because a
 * target was missed.
 */
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import type { Appointment } from '@rozmova/contracts';
import { startAppServer, type AppServer } from '../e2e/support/app-server.ts';
import { startCoturn, type Coturn } from '../e2e/support/coturn.ts';
import { armNetworkEmulation, dropNetwork, restoreNetwork } from '../e2e/support/network-drop.ts';
import e2eConfig from '../e2e/playwright.config.ts';
import { envNumber, format, markFailed, percentile, printHeader, printTable, runBench, SMOKE, verdict } from './support.ts';

const CALLS = Math.round(envNumber('BENCH_CALLS', 20, 1));
/** A smoke run drops nothing: a drop alone takes over 10 s. */
const DROPS = Math.round(envNumber('BENCH_DROPS', 3, 0));
const DROP_MS = 10_000;
/** A call whose first frame has not come in this long counts as failed. */
const CALL_TIMEOUT_MS = 30_000;
const TIME_LIMIT_MS = 20 * 60_000;
const TARGETS = { direct: { p50: 1_000, p95: 2_000 }, relay: { p95: 3_000 } } as const;

type Mode = 'direct' | 'relay';
/** A smoke run calls direct only, to stay within half a minute on a busy 2-core machine. */
const MODES: readonly Mode[] = SMOKE ? ['direct'] : ['direct', 'relay'];

interface Sample {
  /** From the join click (or the offer) to the first decoded remote frame on the patient's and the doctor's side. */
  patient: number;
  doctor: number;
  both: number;
}

declare global {
  interface Window {
    __rozmovaPeer?: RTCPeerConnection;
    __bench?: { clickedAt: number | null; firstFrame: Promise<number> };
  }
}

// ---- in the page ---------------------------------------------------------------------------------

/**
 * tsx compiles with esbuild's keepNames, which wraps named functions in `__name(…)`; a function sent to the page with
 * `evaluate` would call a `__name` the page does not have.
 */
const NAME_SHIM = 'globalThis.__name ??= (fn) => fn;';

/**
 * Arms the page: the time of the next click anywhere (capture phase, so before the app reacts), and a promise of
 * the time the room's peer connection first decodes a new video frame: the first frame of a new connection, or one
 * past `framesNow` on the current one. getStats every 10 ms, as in the baseline.
 */
async function watchFirstFrame(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frames = async (pc: RTCPeerConnection) => {
      let decoded = 0;
      (await pc.getStats()).forEach((report: { type: string; kind?: string; framesDecoded?: number }) => {
        if (report.type === 'inbound-rtp' && report.kind === 'video') decoded += report.framesDecoded ?? 0;
      });
      return decoded;
    };
    const startPeer = window.__rozmovaPeer;
    const startFrames = startPeer ? await frames(startPeer) : 0;
    const bench: NonNullable<Window['__bench']> = {
      clickedAt: null,
      firstFrame: new Promise<number>((resolve) => {
        const tick = async () => {
          const pc = window.__rozmovaPeer;
          if (pc && (await frames(pc)) > (pc === startPeer ? startFrames : 0)) return resolve(Date.now());
          setTimeout(() => void tick(), 10);
        };
        void tick();
      }),
    };
    document.addEventListener('click', () => (bench.clickedAt ??= Date.now()), { capture: true, once: true });
    window.__bench = bench;
  });
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing after ${ms / 1000} s`)), ms).unref()),
  ]);

const firstFrameAt = (page: Page) =>
  within(
    page.evaluate(() => window.__bench!.firstFrame),
    CALL_TIMEOUT_MS,
    'first frame',
  );

// ---- the app -----------------------------------------------------------------------------------

interface People {
  operatorToken: string;
  doctorToken: string;
  doctorId: string;
  patientToken: string;
  patientId: string;
}

async function api<T>(server: AppServer, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${server.baseURL}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${init.method ?? 'POST'} ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const login = async (server: AppServer, email: string, password: string) =>
  (await api<{ token: string }>(server, '/v1/auth/login', { body: { email, password } })).token;

/** An operator, a published free doctor and a patient, made by the admin through the API, each signed in. */
async function makePeople(server: AppServer): Promise<People> {
  const adminToken = await login(server, server.admin.email, server.admin.password);
  const password = 'Bench-Meeting-Passw0rd-41';
  const make = async (role: 'operator' | 'doctor' | 'patient') => {
    const email = `bench-${role}-${Date.now().toString(36)}@bench.rozmova.test`;
    const { id } = await api<{ id: string }>(server, '/v1/admin/users', {
      token: adminToken,
      // The pages follow the account's language: the bench finds the rooms' buttons by their English names.
      body: { email, password, user_name: `Bench ${role}`, user_role: role, locale: 'en' },
    });
    return { id, token: await login(server, email, password) };
  };
  const operator = await make('operator');
  const doctor = await make('doctor');
  await api(server, `/v1/doctors/${doctor.id}`, {
    method: 'PUT',
    token: adminToken,
    body: {
      weekly_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
      time_zone: 'Europe/Kyiv',
      specialisations: ['psychologist'],
      price: 0,
      published: true,
    },
  });
  const patient = await make('patient');
  const profile = await api<{ role_specific_data: { patient?: { patientId: string } } }>(server, '/v1/auth/profile', {
    token: patient.token,
  });
  return {
    operatorToken: operator.token,
    doctorToken: doctor.token,
    doctorId: doctor.id,
    patientToken: patient.token,
    patientId: profile.role_specific_data.patient!.patientId,
  };
}

/** The operator's urgent booking, starting this minute: the room is open at once. */
function bookUrgent(server: AppServer, people: People): Promise<Appointment> {
  const start = new Date(Math.floor((Date.now() + 2_000) / 60_000) * 60_000);
  return api<Appointment>(server, '/v1/appointments', {
    token: people.operatorToken,
    body: {
      appointment_doctorId: people.doctorId,
      appointment_patientId: people.patientId,
      appointment_date: start.toISOString().replace('.000Z', 'Z'),
      appointment_urgent: true,
      appointment_paymentType: 'None',
    },
  });
}

const callState = (page: Page, state: string) =>
  page
    .getByTestId('meeting-room')
    .and(page.locator(`[data-call-state="${state}"]`))
    .waitFor({ timeout: CALL_TIMEOUT_MS });
const joinButton = (page: Page) => page.getByRole('button', { name: 'Join the consultation', exact: true });

interface Rooms {
  server: AppServer;
  people: People;
  patient: Page;
  doctor: Page;
  patientNetwork: CDPSession;
}

/**
 * A person gets 30 ICE server answers in 10 minutes, and a call asks for two on each side (the device check's network
 * test and the connection): a new doctor and patient every 10 calls keep the run inside the app's limit.
 */
const CALLS_PER_PAIR = 10;
let callsOpened = 0;

async function newPair(rooms: Rooms): Promise<void> {
  rooms.people = await makePeople(rooms.server);
  const signIn = [
    [rooms.patient, rooms.people.patientToken],
    [rooms.doctor, rooms.people.doctorToken],
  ] as const;
  for (const [page, token] of signIn) {
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'auth_token', value: token, url: rooms.server.baseURL, sameSite: 'Strict' }]);
  }
}

/** The patient joins and waits; the doctor opens the room and checks its devices (until the network check answered). */
async function openCall(rooms: Rooms, mode: Mode): Promise<Appointment> {
  if (callsOpened > 0 && callsOpened % CALLS_PER_PAIR === 0) await newPair(rooms);
  callsOpened++;
  const appointment = await bookUrgent(rooms.server, rooms.people);
  const path = `/meet/${appointment.appointment_roomId}${mode === 'relay' ? '?relay=1' : ''}`;
  await rooms.patient.goto(path);
  await joinButton(rooms.patient).click();
  await callState(rooms.patient, 'waiting');
  await rooms.doctor.goto(path);
  await rooms.doctor.getByText('Checking your connection…', { exact: true }).waitFor({ state: 'detached' });
  await joinButton(rooms.doctor).waitFor();
  return appointment;
}

/** The doctor presses join: until the first decoded frame on both sides. */
async function joinAndMeasure(rooms: Rooms): Promise<Sample> {
  await Promise.all([watchFirstFrame(rooms.patient), watchFirstFrame(rooms.doctor)]);
  await joinButton(rooms.doctor).click();
  const [patientFrame, doctorFrame] = await Promise.all([firstFrameAt(rooms.patient), firstFrameAt(rooms.doctor)]);
  const clickedAt = await rooms.doctor.evaluate(() => window.__bench!.clickedAt!);
  return sample(patientFrame - clickedAt, doctorFrame - clickedAt);
}

const sample = (patient: number, doctor: number): Sample => ({ patient, doctor, both: Math.max(patient, doctor) });

async function complete(rooms: Rooms, appointment: Appointment): Promise<void> {
  await api(rooms.server, `/v1/appointments/${appointment.id}`, {
    method: 'PUT',
    token: rooms.people.doctorToken,
    body: { appointment_status: 'completed', appointment_note: 'Bench call.' },
  });
  await Promise.all([callState(rooms.patient, 'ended'), callState(rooms.doctor, 'ended')]);
}

async function appCalls(rooms: Rooms, mode: Mode): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < CALLS; i++) {
    const appointment = await openCall(rooms, mode);
    const measured = await joinAndMeasure(rooms);
    samples.push(measured);
    console.log(`  app ${mode.padEnd(6)} call ${String(i + 1).padStart(2)}: ${describe(measured)}`);
    await complete(rooms, appointment);
  }
  return samples;
}

/** Decoded frames of the room's peer connection (0 without one). */
const framesOf = (page: Page) =>
  page.evaluate(async () => {
    const pc = window.__rozmovaPeer;
    let decoded = 0;
    if (pc) {
      (await pc.getStats()).forEach((report: { type: string; kind?: string; framesDecoded?: number }) => {
        if (report.type === 'inbound-rtp' && report.kind === 'video') decoded += report.framesDecoded ?? 0;
      });
    }
    return decoded;
  });

/**
 * A connected call, the patient's network dropped for 10 s (checking that the doctor's side stopped decoding for at
 * least 2 s meanwhile), then restored: until the first new decoded frame on both sides.
 */
async function dropAndMeasure(rooms: Rooms, mode: Mode): Promise<Sample & { stopped: boolean }> {
  const appointment = await openCall(rooms, mode);
  await joinAndMeasure(rooms);
  const droppedAt = Date.now();
  await dropNetwork(rooms.patientNetwork);
  let last = await framesOf(rooms.doctor);
  let stillSince = Date.now();
  let stopped = false;
  while (Date.now() < droppedAt + DROP_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await framesOf(rooms.doctor);
    if (now !== last) [last, stillSince] = [now, Date.now()];
    if (Date.now() - stillSince >= 2_000) stopped = true;
  }
  await Promise.all([watchFirstFrame(rooms.patient), watchFirstFrame(rooms.doctor)]);
  const restoredAt = Date.now();
  await restoreNetwork(rooms.patientNetwork);
  const [patientFrame, doctorFrame] = await Promise.all([firstFrameAt(rooms.patient), firstFrameAt(rooms.doctor)]);
  await complete(rooms, appointment);
  return { ...sample(patientFrame - restoredAt, doctorFrame - restoredAt), stopped };
}

// ---- the baseline ---------------------------------------------------------------------------------

/** A bare call between two RTCPeerConnections in one page: from the offer to the first decoded frame on both sides. */
async function baselineCall(page: Page, iceServers: RTCIceServer[], relay: boolean): Promise<Sample> {
  const [a, b] = await page.evaluate(
    async ({ iceServers, relay }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      const config: RTCConfiguration = { iceServers, iceTransportPolicy: relay ? 'relay' : 'all' };
      const first = new RTCPeerConnection(config);
      const second = new RTCPeerConnection(config);
      first.onicecandidate = ({ candidate }) => void (candidate && second.addIceCandidate(candidate));
      second.onicecandidate = ({ candidate }) => void (candidate && first.addIceCandidate(candidate));
      for (const track of stream.getTracks()) {
        first.addTrack(track, stream);
        second.addTrack(track, stream);
      }
      const firstFrame = (pc: RTCPeerConnection) =>
        new Promise<number>((resolve) => {
          const tick = async () => {
            let decoded = 0;
            (await pc.getStats()).forEach((report: { type: string; kind?: string; framesDecoded?: number }) => {
              if (report.type === 'inbound-rtp' && report.kind === 'video') decoded += report.framesDecoded ?? 0;
            });
            if (decoded > 0) return resolve(performance.now());
            setTimeout(() => void tick(), 10);
          };
          void tick();
        });
      const started = performance.now();
      const frames = Promise.all([firstFrame(first), firstFrame(second)]);
      await first.setLocalDescription();
      await second.setRemoteDescription(first.localDescription!);
      await second.setLocalDescription();
      await first.setRemoteDescription(second.localDescription!);
      const [atFirst, atSecond] = await frames;
      first.close();
      second.close();
      for (const track of stream.getTracks()) track.stop();
      return [atFirst - started, atSecond - started];
    },
    { iceServers, relay },
  );
  return sample(a, b);
}

/** TURN credentials of coturn's REST scheme, as the API makes them. */
function turnServers(coturn: Coturn, urls: string[]): RTCIceServer[] {
  const username = `${Math.floor(Date.now() / 1000) + 3600}:bench`;
  return [{ urls, username, credential: createHmac('sha1', coturn.secret).update(username).digest('base64') }];
}

async function baselineCalls(browser: Browser, coturn: Coturn, urls: string[], mode: Mode): Promise<Sample[]> {
  // Any secure page will do: 127.0.0.1 serving an empty document.
  const blank = createServer((_, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>'),
  );
  await new Promise<void>((resolve) => blank.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: NAME_SHIM });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(blank.address() as { port: number }).port}/`);
    const iceServers = mode === 'relay' ? turnServers(coturn, urls) : [];
    await baselineCall(page, iceServers, mode === 'relay'); // warm-up
    const samples: Sample[] = [];
    for (let i = 0; i < CALLS; i++)
      samples.push(await within(baselineCall(page, iceServers, mode === 'relay'), CALL_TIMEOUT_MS, 'baseline call'));
    console.log(`  baseline ${mode.padEnd(6)} ${CALLS} calls: ${samples.map((s) => s.both.toFixed(0)).join(' ')} ms`);
    return samples;
  } finally {
    await context.close();
    blank.close();
  }
}

// ---- output -------------------------------------------------------------------------------------

const describe = (s: Sample) => `${s.both.toFixed(0)} ms (patient ${s.patient.toFixed(0)}, doctor ${s.doctor.toFixed(0)})`;

interface Figures {
  p50: number;
  p95: number;
  max: number;
  patientP50: number;
  doctorP50: number;
}

function figures(samples: Sample[]): Figures {
  const sorted = (key: keyof Sample) => samples.map((s) => s[key]).sort((a, b) => a - b);
  const both = sorted('both');
  return {
    p50: percentile(both, 50),
    p95: percentile(both, 95),
    max: both.at(-1) ?? Number.NaN,
    patientP50: percentile(sorted('patient'), 50),
    doctorP50: percentile(sorted('doctor'), 50),
  };
}

const ms = (value: number) => format(value, 0);

// ---- the run ------------------------------------------------------------------------------------

runBench('meeting', { timeLimitMs: TIME_LIMIT_MS, failureMessage: 'meeting bench: a call failed (see above)' }, async () => {
  printHeader('Video consultation: time to first decoded frame, the app against a bare RTCPeerConnection call');
  const dist = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url));
  if (!existsSync(dist)) throw new Error('No web build: run `npm run build` first');

  const coturn = await startCoturn();
  // UDP only: DevTools' network emulation does not reach WebRTC over TCP, so with a TCP relay the dropped call would
  // find its way back through it during the drop (see e2e/support/network-drop.ts). A direct call is UDP anyway.
  const turnUrls = coturn.urls.filter((url) => url.endsWith('transport=udp'));
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startAppServer('', { TURN_URLS: turnUrls.join(','), TURN_SECRET: coturn.secret });
    browser = await chromium.launch({
      ...e2eConfig.use?.launchOptions,
      args: [...(e2eConfig.use?.launchOptions?.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    });
    console.log(
      `app ${server.baseURL}, coturn ${turnUrls.join(' ')}, ${MODES.join(' and ')}: ${CALLS} calls per mode, ` +
        `${DROPS} drops of ${DROP_MS / 1000} s per mode\n`,
    );

    const baseline: Record<Mode, Sample[]> = { direct: [], relay: [] };
    for (const mode of MODES) baseline[mode] = await baselineCalls(browser, coturn, turnUrls, mode);

    const people = await makePeople(server);
    const contextFor = async (token: string): Promise<BrowserContext> => {
      const context = await browser!.newContext({ baseURL: server!.baseURL });
      await context.addInitScript({ content: NAME_SHIM });
      await context.addCookies([{ name: 'auth_token', value: token, url: server!.baseURL, sameSite: 'Strict' }]);
      return context;
    };
    const patient = await (await contextFor(people.patientToken)).newPage();
    const doctor = await (await contextFor(people.doctorToken)).newPage();
    const rooms: Rooms = { server, people, patient, doctor, patientNetwork: await armNetworkEmulation(patient) };

    // Warm-up: one call, not counted (the first page load compiles the room's code); a smoke run's figures count for nothing.
    if (!SMOKE) {
      const warmUp = await openCall(rooms, 'direct');
      await joinAndMeasure(rooms);
      await complete(rooms, warmUp);
    }
    const app: Record<Mode, Sample[]> = { direct: [], relay: [] };
    for (const mode of MODES) app[mode] = await appCalls(rooms, mode);

    const drops: Record<Mode, (Sample & { stopped: boolean })[]> = { direct: [], relay: [] };
    for (const mode of MODES) {
      for (let i = 0; i < DROPS; i++) {
        const measured = await dropAndMeasure(rooms, mode);
        drops[mode].push(measured);
        console.log(
          `  drop ${mode.padEnd(6)} ${i + 1}: media back ${describe(measured)} after the restore; stopped meanwhile: ${measured.stopped}`,
        );
        if (!measured.stopped) console.error(`  drop ${mode} ${i + 1}: the doctor kept decoding frames during the drop`);
      }
    }

    const rows: string[][] = [];
    const table: Record<string, Figures> = {};
    for (const mode of MODES) {
      for (const [who, samples] of [
        ['app', app[mode]],
        ['baseline', baseline[mode]],
        ['app, after drop', drops[mode]],
      ] as const) {
        if (samples.length === 0) continue;
        const f = figures(samples);
        table[`${mode} ${who}`] = f;
        rows.push([mode, who, String(samples.length), ms(f.p50), ms(f.p95), ms(f.max), ms(f.patientP50), ms(f.doctorP50)]);
      }
    }
    printTable(['mode', 'setup', 'calls', 'p50 ms', 'p95 ms', 'max ms', 'patient p50', 'doctor p50'], rows, [0, 1]);

    const direct = table['direct app']!;
    const directBase = table['direct baseline']!;
    console.log(
      `direct app/baseline p50 = ${format(direct.p50 / directBase.p50, 2)}, p95 = ${format(direct.p95 / directBase.p95, 2)}  ` +
        `app p50 ${ms(direct.p50)} ms (target < ${TARGETS.direct.p50}), p95 ${ms(direct.p95)} ms (target < ${TARGETS.direct.p95})  ` +
        verdict(direct.p50 < TARGETS.direct.p50 && direct.p95 < TARGETS.direct.p95, 'MISS'),
    );
    if (MODES.includes('relay')) {
      const relay = table['relay app']!;
      const relayBase = table['relay baseline']!;
      console.log(
        `relay  app/baseline p50 = ${format(relay.p50 / relayBase.p50, 2)}, p95 = ${format(relay.p95 / relayBase.p95, 2)}  ` +
          `app p95 ${ms(relay.p95)} ms (target < ${TARGETS.relay.p95})  ${verdict(relay.p95 < TARGETS.relay.p95, 'MISS')}`,
      );
    }
    for (const mode of DROPS > 0 ? MODES : []) {
      const f = table[`${mode} app, after drop`]!;
      const stopped = drops[mode].filter((d) => d.stopped).length;
      console.log(
        `after a ${DROP_MS / 1000} s drop (${mode}): media back in p50 ${ms(f.p50)} ms, max ${ms(f.max)} ms after the restore; ` +
          `media stopped during ${stopped} of ${drops[mode].length} drops`,
      );
      if (stopped < drops[mode].length) markFailed();
    }
  } catch (error) {
    markFailed();
    throw error;
  } finally {
    await browser?.close();
    await server?.stop();
    await coturn.stop();
  }
});

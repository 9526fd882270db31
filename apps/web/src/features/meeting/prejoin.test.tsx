import { meetingsApi, type DeviceCheck } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { FakeMediaStream, FakeTrack } from '../../test/fake-peer-connection.ts';
import { show } from '../../test/render.tsx';
import type { JoinMode } from './device-check.ts';
import type { LocalMedia, LocalMediaState } from './local-media.ts';
import { Prejoin } from './prejoin.tsx';
import { consultation, patientUser } from './test-data.ts';

const MINUTE = 60_000;
const startingIn = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

/** The camera and microphone as the room's LocalMedia reports them: both working, two cameras to choose from. */
function mediaState(overrides: Partial<LocalMediaState> = {}): LocalMediaState {
  return {
    starting: false,
    audioTrack: new FakeTrack('audio') as unknown as MediaStreamTrack,
    cameraTrack: new FakeTrack('video') as unknown as MediaStreamTrack,
    screenTrack: null,
    micOn: true,
    cameraOn: true,
    micProblem: null,
    cameraProblem: null,
    cameras: [
      { id: 'front', label: 'Front camera' },
      { id: 'back', label: '' },
    ],
    microphones: [{ id: 'mic', label: 'Built-in microphone' }],
    speakers: [],
    cameraId: 'front',
    microphoneId: 'mic',
    speakerId: '',
    ...overrides,
  };
}

function fakeMedia() {
  return {
    setCameraOn: vi.fn(() => Promise.resolve()),
    setMicOn: vi.fn(),
    retry: vi.fn(() => Promise.resolve()),
    chooseCamera: vi.fn(() => Promise.resolve()),
    chooseMicrophone: vi.fn(() => Promise.resolve()),
    chooseSpeaker: vi.fn(),
  };
}

/** The network check's throwaway connection: it finds a relay candidate only (a strict network with our TURN). */
class RelayOnlyConnection {
  onicecandidate: ((event: { candidate: { type: string; candidate: string } | null }) => void) | null = null;
  createDataChannel() {}
  createOffer() {
    return Promise.resolve({ type: 'offer', sdp: '' });
  }
  setLocalDescription() {
    queueMicrotask(() => {
      this.onicecandidate?.({ candidate: { type: 'relay', candidate: 'candidate:1 1 udp 1 203.0.113.9 3478 typ relay' } });
      this.onicecandidate?.({ candidate: null });
    });
    return Promise.resolve();
  }
  close() {}
}

interface Options {
  start?: string;
  state?: LocalMediaState;
  joining?: boolean;
  error?: unknown;
  api?: ApiDouble;
  locale?: 'en' | 'uk';
}

async function showPrejoin({ start = startingIn(5), state = mediaState(), joining = false, error = null, api, locale }: Options = {}) {
  const double = api ?? createApiDouble();
  if (!api) double.on(meetingsApi.iceServers, { body: { iceServers: [], expiresAt: null } });
  const media = fakeMedia();
  const onJoin = vi.fn<(mode: JoinMode, check: DeviceCheck) => void>();
  await show(
    <Prejoin
      appointment={consultation({ appointment_date: start, appointment_endDate: new Date(Date.parse(start) + 50 * MINUTE).toISOString() })}
      role="patient"
      media={media as unknown as LocalMedia}
      state={state}
      joining={joining}
      error={error}
      onJoin={onJoin}
    />,
    { api: double, user: patientUser, locale },
  );
  return { media, onJoin, api: double };
}

describe('the device check before joining', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('MediaStream', FakeMediaStream);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });

  it('offers three ways in once the room is open, and joins with the camera and what the check found', async () => {
    const user = userEvent.setup();
    const { onJoin } = await showPrejoin();
    expect(screen.getByRole('heading', { level: 1, name: 'Consultation with Iryna Koval' })).toBeVisible();
    expect(await screen.findByText('Your connection will be checked when you join.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Join the consultation' }));
    expect(onJoin).toHaveBeenCalledWith('video', {
      camera: 'ok',
      microphone: 'silent',
      speaker: 'untested',
      network: 'untested',
      mode: 'video',
      browser: expect.any(String),
    });
  });

  it('joins with the camera off or with sound only when the person chooses so', async () => {
    const user = userEvent.setup();
    const { onJoin } = await showPrejoin();
    await user.click(screen.getByRole('button', { name: 'Join with the camera off' }));
    await user.click(screen.getByRole('button', { name: 'Join with sound only' }));
    expect(onJoin.mock.calls.map(([mode, check]) => [mode, check.camera, check.mode])).toEqual([
      ['camera-off', 'off', 'camera-off'],
      ['audio-only', 'off', 'audio-only'],
    ]);
  });

  it('says when the room opens and keeps the join buttons off until then', async () => {
    await showPrejoin({ start: startingIn(85) });
    expect(screen.getByText(/^The room opens at /)).toBeVisible();
    expect(screen.getByText(/^It opens in 1 h 1[45] min\.$/)).toBeVisible();
    expect(screen.getByText('Meanwhile you can check your camera and sound here.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join the consultation' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Join with sound only' })).toBeDisabled();
    // The servers are asked for only once the room is open.
    expect(screen.getByText('Your connection will be checked when you join.')).toBeVisible();
  });

  it('says the time is over for a consultation whose end has passed', async () => {
    await showPrejoin({ start: startingIn(-120) });
    expect(screen.getByText('The time of this consultation is over. Please write to us if you could not join.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join the consultation' })).toBeDisabled();
  });

  it('checks the network with the room’s servers and says what it found', async () => {
    vi.stubGlobal('RTCPeerConnection', RelayOnlyConnection);
    const api = createApiDouble();
    api.on(meetingsApi.iceServers, {
      body: { iceServers: [{ urls: 'turn:turn.example.com:3478', username: 'u', credential: 'c' }], expiresAt: null },
    });
    const user = userEvent.setup();
    const { onJoin } = await showPrejoin({ api });
    expect(await screen.findByText('Your network is strict, but the call will go through our relay server.')).toBeVisible();
    expect(api.callsTo(meetingsApi.iceServers, { id: 'room-1' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Join with sound only' }));
    expect(onJoin.mock.calls[0]![1].network).toBe('turn-only');
  });

  it('lets the person join untested when the servers cannot be asked', async () => {
    const api = createApiDouble();
    api.on(meetingsApi.iceServers, { status: 409, error: { code: 'MEETING_NOT_OPEN', message: 'Not open' } });
    await showPrejoin({ api });
    expect(await screen.findByText('Your connection will be checked when you join.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join the consultation' })).toBeEnabled();
  });

  it('turns the camera and the microphone off and on through the switches', async () => {
    const user = userEvent.setup();
    const { media } = await showPrejoin();
    await user.click(screen.getByRole('switch', { name: 'Camera' }));
    await user.click(screen.getByRole('switch', { name: 'Microphone' }));
    expect(media.setCameraOn).toHaveBeenCalledWith(false);
    expect(media.setMicOn).toHaveBeenCalledWith(false);
  });

  it('chooses another camera, naming an unnamed one by its number', async () => {
    const user = userEvent.setup();
    const { media } = await showPrejoin();
    const cameras = screen.getByRole('combobox', { name: 'Camera' });
    expect([...(cameras as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Front camera', 'Camera 2']);
    await user.selectOptions(cameras, 'Camera 2');
    expect(media.chooseCamera).toHaveBeenCalledWith('back');
  });

  it('says how the microphone is doing', async () => {
    await showPrejoin({ state: mediaState({ micOn: false }) });
    expect(screen.getByText('The microphone is off.')).toBeVisible();
  });

  it('explains a refused camera and microphone, asks again on Try again, and still lets the person join', async () => {
    const user = userEvent.setup();
    const state = mediaState({ cameraTrack: null, audioTrack: null, cameraProblem: 'denied', micProblem: 'denied' });
    const { media, onJoin } = await showPrejoin({ state });
    expect(screen.getByRole('alert')).toHaveTextContent('The camera and microphone are not available');
    expect(screen.getByText('Camera is off')).toBeVisible();
    expect(screen.getByText('No microphone is working yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join with the camera off' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(media.retry).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Join the consultation' }));
    expect(onJoin.mock.calls[0]![1]).toMatchObject({ camera: 'denied', microphone: 'denied', mode: 'camera-off' });
  });

  it('waits for the browser’s answer about the devices before joining', async () => {
    await showPrejoin({ state: mediaState({ starting: true, cameraTrack: null, audioTrack: null }) });
    expect(screen.getByText('Asking your browser for the camera and microphone…')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join the consultation' })).toBeDisabled();
  });

  it('shows the join as busy, and why it was refused', async () => {
    const refusal = new ApiError(409, { code: 'MEETING_NOT_OPEN', message: 'Not open yet' });
    await showPrejoin({ joining: true, error: refusal });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join the consultation' })).toHaveAttribute('data-loading', 'true'));
    expect(screen.getByRole('button', { name: 'Join with sound only' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('The consultation room opens 10 minutes before the start');
  });

  it('speaks Ukrainian', async () => {
    await showPrejoin({ start: startingIn(30), locale: 'uk' });
    expect(screen.getByRole('button', { name: 'Приєднатися до консультації' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Камера' })).toBeChecked();
  });
});

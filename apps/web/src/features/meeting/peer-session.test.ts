import { ICE_RESTART_AFTER_MS } from '@rozmova/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMediaStream, FakePeerConnection, FakeTrack } from '../../test/fake-peer-connection.ts';
import { ICE_RESTART_RETRY_MS, PeerSession, type PeerSignal } from './peer-session.ts';

/**
 * Two sessions wired through an in-memory "socket": the doctor (impolite) and the patient (polite), each with the
 * fake RTCPeerConnection. Signals are delivered in order, asynchronously, as the server relays them.
 */
interface Side {
  session: PeerSession;
  pc: FakePeerConnection;
  tracks: { audio: FakeTrack; video: FakeTrack };
  sent: PeerSignal[];
}

function makeSide(polite: boolean, deliver: (signal: PeerSignal) => void): Side {
  const sent: PeerSignal[] = [];
  let pc!: FakePeerConnection;
  const session = new PeerSession(
    { iceServers: [] },
    {
      polite,
      send: (signal) => {
        sent.push(signal);
        deliver(signal);
      },
      createConnection: (configuration) => {
        pc = new FakePeerConnection(configuration);
        return pc as unknown as RTCPeerConnection;
      },
    },
  );
  const tracks = { audio: new FakeTrack('audio'), video: new FakeTrack('video') };
  session.setTracks(tracks as unknown as Record<'audio' | 'video', MediaStreamTrack>);
  return { session, pc, tracks, sent };
}

/** The doctor and the patient, connected through a relay that can be swapped (a reload makes a new side). */
function makeCall() {
  const relay: { doctor?: Side; patient?: Side } = {};
  const to = (side: 'doctor' | 'patient') => (signal: PeerSignal) =>
    queueMicrotask(() => void relay[side]?.session.handleSignal(structuredClone(signal)));
  relay.doctor = makeSide(false, to('patient'));
  relay.patient = makeSide(true, to('doctor'));
  return { relay, to };
}

/** Lets the signalling and the gathering (a timer) finish: fake timers run a timer due now only on the next tick. */
const settle = () => vi.advanceTimersByTimeAsync(1);
const remoteKinds = (side: Side) => (side.session.remoteStream.getTracks() as unknown as FakeTrack[]).map((track) => track.kind).sort();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('MediaStream', FakeMediaStream);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PeerSession', () => {
  it('connects the doctor and the patient with one audio and one video m-line each way', async () => {
    const { relay } = makeCall();
    await settle();
    const { doctor, patient } = relay as Required<typeof relay>;
    expect(doctor.session.state).toBe('connected');
    expect(patient.session.state).toBe('connected');
    expect(remoteKinds(doctor)).toEqual(['audio', 'video']);
    expect(remoteKinds(patient)).toEqual(['audio', 'video']);
    for (const side of [doctor, patient]) {
      expect(side.pc.outgoing()).toEqual([
        { kind: 'audio', direction: 'sendrecv', track: side.tracks.audio },
        { kind: 'video', direction: 'sendrecv', track: side.tracks.video },
      ]);
    }
    // The doctor offers; the patient only answers.
    expect(doctor.pc.offers).toBe(1);
    expect(patient.pc.offers).toBe(0);
  });

  it('resolves offers made at the same moment: the patient yields and both end stable and connected', async () => {
    const { relay } = makeCall();
    await settle();
    const { doctor, patient } = relay as Required<typeof relay>;
    doctor.pc.drop('failed');
    patient.pc.drop('failed');
    await settle();
    expect(doctor.pc.restarts).toBe(1);
    expect(patient.pc.restarts).toBe(1);
    // Both offered; the doctor ignored the patient's offer, the patient rolled its own back and answered.
    expect(doctor.pc.offers).toBe(2);
    expect(patient.pc.offers).toBeGreaterThanOrEqual(1);
    expect(doctor.pc.signalingState).toBe('stable');
    expect(patient.pc.signalingState).toBe('stable');
    expect(doctor.session.state).toBe('connected');
    expect(patient.session.state).toBe('connected');
    expect(doctor.pc.getTransceivers()).toHaveLength(2);
    expect(patient.pc.getTransceivers()).toHaveLength(2);
  });

  it('restarts ICE within 2 s of "disconnected" (the doctor after 1 s), without waiting for "failed"', async () => {
    const { relay } = makeCall();
    await settle();
    const { doctor, patient } = relay as Required<typeof relay>;
    doctor.pc.drop('disconnected');
    patient.pc.drop('disconnected');
    await vi.advanceTimersByTimeAsync(ICE_RESTART_AFTER_MS - 1);
    expect(doctor.pc.restarts).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(doctor.pc.restarts).toBe(1);
    await settle();
    expect(doctor.session.state).toBe('connected');
    expect(patient.session.state).toBe('connected');
    // The doctor's restart brought the patient back before its own 2 s were up.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(patient.pc.restarts).toBe(0);
  });

  it('restarts at once on "failed" and again every 5 s while the network is down', async () => {
    const { relay } = makeCall();
    await settle();
    const { doctor, patient } = relay as Required<typeof relay>;
    doctor.pc.network = false;
    patient.pc.network = false;
    doctor.pc.drop('failed');
    await settle();
    expect(doctor.pc.restarts).toBe(1);
    expect(doctor.session.state).toBe('failed');
    await vi.advanceTimersByTimeAsync(ICE_RESTART_RETRY_MS);
    expect(doctor.pc.restarts).toBe(2);
    await settle();
    expect(doctor.session.state).toBe('failed');
    doctor.pc.network = true;
    patient.pc.network = true;
    await vi.advanceTimersByTimeAsync(ICE_RESTART_RETRY_MS);
    expect(doctor.pc.restarts).toBe(3);
    await settle();
    expect(doctor.session.state).toBe('connected');
    await vi.advanceTimersByTimeAsync(3 * ICE_RESTART_RETRY_MS);
    expect(doctor.pc.restarts).toBe(3);
  });

  it('hands an offer of a new connection of the other side (after a reload) to a fresh session', async () => {
    const { relay, to } = makeCall();
    await settle();
    const patient = relay.patient!;
    let fresh: Side | undefined;
    // What the room does: a fresh session takes the offer, and the signals after it.
    patient.session['options'].onForeignOffer = (description) => {
      patient.session.close();
      fresh = makeSide(true, to('doctor'));
      relay.patient = fresh;
      void fresh.session.handleSignal({ description });
    };
    relay.doctor!.session.close();
    relay.doctor = makeSide(false, to('patient'));
    await settle();
    expect(fresh).toBeDefined();
    expect(relay.doctor.session.state).toBe('connected');
    expect(fresh!.session.state).toBe('connected');
    expect(remoteKinds(fresh!)).toEqual(['audio', 'video']);
  });

  it('switches a track or pauses the video without a new negotiation; audio only both ways negotiates', async () => {
    const { relay } = makeCall();
    await settle();
    const { doctor, patient } = relay as Required<typeof relay>;
    const otherCamera = new FakeTrack('video');
    patient.session.setTracks({ audio: patient.tracks.audio, video: otherCamera } as unknown as Record<
      'audio' | 'video',
      MediaStreamTrack
    >);
    patient.session.setVideoPaused(true);
    await settle();
    expect(patient.pc.outgoing()[1]).toEqual({ kind: 'video', direction: 'sendrecv', track: null });
    patient.session.setVideoPaused(false);
    await settle();
    expect(patient.pc.outgoing()[1]!.track).toBe(otherCamera);
    expect(doctor.pc.offers + patient.pc.offers).toBe(1);

    patient.session.setReceiveVideo(false);
    await settle();
    expect(patient.pc.offers).toBe(1);
    expect(patient.pc.outgoing()[1]).toEqual({ kind: 'video', direction: 'inactive', track: null });
    expect(patient.session.state).toBe('connected');
  });

  it('exposes the current connection as window.__rozmovaPeer and clears it on close', async () => {
    const { relay } = makeCall();
    await settle();
    const patient = relay.patient!;
    expect(window.__rozmovaPeer).toBe(patient.pc);
    patient.session.close();
    expect(window.__rozmovaPeer).toBeUndefined();
    expect(patient.pc.signalingState).toBe('closed');
  });
});

import { describe, expect, it } from 'vitest';
import { nothingArrived, qualityBetween, qualityLevel, readCounters, sendingRoomKbps, type StatsReport } from './call-quality.ts';

type Entry = Record<string, unknown> & { id: string; type: string };
const report = (...entries: Entry[]): StatsReport => new Map(entries.map((entry) => [entry.id, entry]));

/** A Chromium-like report: a transport naming its pair, candidates, RTP streams. */
function chromium(options: { sent: number; received: number; packets: number; lost: number; fractionLost?: number; relay?: boolean }) {
  return report(
    { id: 'T1', type: 'transport', selectedCandidatePairId: 'CP1' },
    { id: 'CP0', type: 'candidate-pair', state: 'failed', currentRoundTripTime: 9 },
    {
      id: 'CP1',
      type: 'candidate-pair',
      state: 'succeeded',
      nominated: true,
      currentRoundTripTime: 0.042,
      availableOutgoingBitrate: 850_000,
      localCandidateId: 'L1',
      remoteCandidateId: 'R1',
    },
    { id: 'L1', type: 'local-candidate', candidateType: options.relay ? 'relay' : 'srflx' },
    { id: 'R1', type: 'remote-candidate', candidateType: 'host' },
    { id: 'OA', type: 'outbound-rtp', kind: 'audio', bytesSent: options.sent / 4 },
    { id: 'OV', type: 'outbound-rtp', kind: 'video', bytesSent: (options.sent * 3) / 4 },
    {
      id: 'IV',
      type: 'inbound-rtp',
      kind: 'video',
      bytesReceived: options.received,
      packetsReceived: options.packets,
      packetsLost: options.lost,
    },
    { id: 'RI', type: 'remote-inbound-rtp', kind: 'video', fractionLost: options.fractionLost ?? 0, roundTripTime: 0.05 },
  );
}

describe('readCounters and qualityBetween', () => {
  it('reads the round trip of the selected pair, the estimate and the relay, with no rates from a single report', () => {
    const quality = qualityBetween(null, readCounters(chromium({ sent: 1000, received: 1000, packets: 10, lost: 0 }), 0));
    expect(quality).toEqual({
      roundTripMs: 42,
      lossPercent: 0,
      outgoingKbps: null,
      incomingKbps: null,
      availableOutgoingKbps: 850,
      relayed: false,
    });
  });

  it('computes the rates and the incoming loss between two reports', () => {
    const before = readCounters(chromium({ sent: 100_000, received: 200_000, packets: 1000, lost: 10 }), 10_000);
    const after = readCounters(chromium({ sent: 225_000, received: 450_000, packets: 1180, lost: 30, relay: true }), 12_000);
    expect(qualityBetween(before, after)).toEqual({
      roundTripMs: 42,
      lossPercent: 10,
      outgoingKbps: 500,
      incomingKbps: 1000,
      availableOutgoingKbps: 850,
      relayed: true,
    });
  });

  it('takes the worse of incoming and outgoing loss', () => {
    const before = readCounters(chromium({ sent: 0, received: 0, packets: 0, lost: 0 }), 0);
    const after = readCounters(chromium({ sent: 0, received: 0, packets: 100, lost: 1, fractionLost: 0.25 }), 1000);
    expect(qualityBetween(before, after).lossPercent).toBe(25);
  });

  it("finds Firefox's selected pair and falls back to the remote round trip", () => {
    const counters = readCounters(
      report(
        { id: 'P', type: 'candidate-pair', selected: true, state: 'succeeded', localCandidateId: 'L', remoteCandidateId: 'R' },
        { id: 'L', type: 'local-candidate', candidateType: 'host' },
        { id: 'R', type: 'remote-candidate', candidateType: 'relay' },
        { id: 'RI', type: 'remote-inbound-rtp', roundTripTime: 0.12, fractionLost: 0 },
      ),
      0,
    );
    expect(counters).toMatchObject({ roundTripMs: 120, relayed: true, availableOutgoingKbps: null });
  });

  it('knows nothing from an empty report', () => {
    expect(qualityBetween(null, readCounters(report(), 0))).toEqual({
      roundTripMs: null,
      lossPercent: null,
      outgoingKbps: null,
      incomingKbps: null,
      availableOutgoingKbps: null,
      relayed: null,
    });
  });

  it('never reports a negative rate when counters restart (a fresh peer connection)', () => {
    const before = readCounters(chromium({ sent: 900_000, received: 900_000, packets: 5000, lost: 50 }), 0);
    const after = readCounters(chromium({ sent: 1000, received: 1000, packets: 10, lost: 0 }), 1000);
    expect(qualityBetween(before, after)).toMatchObject({ outgoingKbps: 0, incomingKbps: 0, lossPercent: 0 });
  });
});

describe('qualityLevel', () => {
  it('grades by loss and round trip', () => {
    expect(qualityLevel({ lossPercent: null, roundTripMs: null })).toBe('unknown');
    expect(qualityLevel({ lossPercent: 0, roundTripMs: 40 })).toBe('good');
    expect(qualityLevel({ lossPercent: 3, roundTripMs: 300 })).toBe('good');
    expect(qualityLevel({ lossPercent: 3.5, roundTripMs: 40 })).toBe('fair');
    expect(qualityLevel({ lossPercent: 0, roundTripMs: 450 })).toBe('fair');
    expect(qualityLevel({ lossPercent: 12, roundTripMs: 40 })).toBe('poor');
    expect(qualityLevel({ lossPercent: null, roundTripMs: 900 })).toBe('poor');
  });
});

describe('sendingRoomKbps', () => {
  const quality = { roundTripMs: 40, lossPercent: 0, outgoingKbps: 120, incomingKbps: 800, relayed: false };
  it("prefers the browser's estimate, else the measured rate while the camera is sent", () => {
    expect(sendingRoomKbps({ ...quality, availableOutgoingKbps: 600 }, false)).toBe(600);
    expect(sendingRoomKbps({ ...quality, availableOutgoingKbps: null }, true)).toBe(120);
    expect(sendingRoomKbps({ ...quality, availableOutgoingKbps: null }, false)).toBeNull();
  });
});

describe('nothingArrived', () => {
  const withPairBytes = (bytes: number | null, pairId = 'CP1') => ({ ...readCounters(new Map(), 0), pairId, pairBytesReceived: bytes });
  it('is true only when the selected pair received nothing between two reports', () => {
    expect(nothingArrived(withPairBytes(5000), withPairBytes(100, 'CP2'))).toBe(false);
    expect(nothingArrived(withPairBytes(5000), withPairBytes(5000))).toBe(true);
    expect(nothingArrived(withPairBytes(5000), withPairBytes(5200))).toBe(false);
    expect(nothingArrived(null, withPairBytes(5000))).toBe(false);
    expect(nothingArrived(withPairBytes(null), withPairBytes(5000))).toBe(false);
    expect(nothingArrived(withPairBytes(5000), withPairBytes(null))).toBe(false);
  });
});

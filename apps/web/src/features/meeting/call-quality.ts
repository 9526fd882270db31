/**
 * Connection quality from `RTCPeerConnection.getStats()`: the counters of one report, and the rates between two
 * reports (the room reads one a second). Pure functions over any map of stats objects, so tests feed plain Maps.
 */
type Stats = Record<string, unknown>;
export type StatsReport = Pick<ReadonlyMap<string, Stats>, 'get' | 'forEach'>;

export interface StatsCounters {
  /** When the report was taken (ms). */
  at: number;
  bytesSent: number;
  bytesReceived: number;
  packetsReceived: number;
  packetsLost: number;
  /** The highest share of our packets the other side reports lost (remote-inbound-rtp), in %. */
  outgoingLossPercent: number | null;
  roundTripMs: number | null;
  availableOutgoingKbps: number | null;
  /** The media goes through a TURN relay. */
  relayed: boolean | null;
  /** The selected candidate pair and everything received on it so far: media, RTCP and ICE checks. */
  pairId: string | null;
  pairBytesReceived: number | null;
}

export interface CallQuality {
  roundTripMs: number | null;
  /** The worse of incoming loss (since the previous report) and outgoing loss, in %. */
  lossPercent: number | null;
  outgoingKbps: number | null;
  incomingKbps: number | null;
  /** The browser's estimate of what the connection can send (Chromium), kbps. */
  availableOutgoingKbps: number | null;
  relayed: boolean | null;
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The selected candidate pair: the transport's, else the one marked selected (Firefox), else a nominated one that works. */
function selectedPair(report: StatsReport): Stats | undefined {
  let viaTransport: Stats | undefined;
  let marked: Stats | undefined;
  let nominated: Stats | undefined;
  report.forEach((stats) => {
    if (stats.type === 'transport' && typeof stats.selectedCandidatePairId === 'string') {
      viaTransport ??= report.get(stats.selectedCandidatePairId);
    } else if (stats.type === 'candidate-pair') {
      if (stats.selected === true) marked ??= stats;
      if (stats.nominated === true && stats.state === 'succeeded') nominated ??= stats;
    }
  });
  return viaTransport ?? marked ?? nominated;
}

export function readCounters(report: StatsReport, at: number): StatsCounters {
  const counters: StatsCounters = {
    at,
    bytesSent: 0,
    bytesReceived: 0,
    packetsReceived: 0,
    packetsLost: 0,
    outgoingLossPercent: null,
    roundTripMs: null,
    availableOutgoingKbps: null,
    relayed: null,
    pairId: null,
    pairBytesReceived: null,
  };
  let remoteRoundTrip: number | null = null;
  report.forEach((stats) => {
    if (stats.type === 'outbound-rtp') counters.bytesSent += num(stats.bytesSent) ?? 0;
    if (stats.type === 'inbound-rtp') {
      counters.bytesReceived += num(stats.bytesReceived) ?? 0;
      counters.packetsReceived += num(stats.packetsReceived) ?? 0;
      counters.packetsLost += Math.max(0, num(stats.packetsLost) ?? 0);
    }
    if (stats.type === 'remote-inbound-rtp') {
      const lost = num(stats.fractionLost);
      if (lost !== null) counters.outgoingLossPercent = Math.max(counters.outgoingLossPercent ?? 0, lost * 100);
      remoteRoundTrip ??= num(stats.roundTripTime);
    }
  });
  const pair = selectedPair(report);
  if (pair) {
    const roundTrip = num(pair.currentRoundTripTime) ?? remoteRoundTrip;
    counters.roundTripMs = roundTrip === null ? null : Math.round(roundTrip * 1000);
    counters.pairId = typeof pair.id === 'string' ? pair.id : null;
    counters.pairBytesReceived = num(pair.bytesReceived);
    const available = num(pair.availableOutgoingBitrate);
    counters.availableOutgoingKbps = available === null ? null : Math.round(available / 1000);
    const local = typeof pair.localCandidateId === 'string' ? report.get(pair.localCandidateId) : undefined;
    const remote = typeof pair.remoteCandidateId === 'string' ? report.get(pair.remoteCandidateId) : undefined;
    if (local || remote) counters.relayed = local?.candidateType === 'relay' || remote?.candidateType === 'relay';
  } else if (remoteRoundTrip !== null) {
    counters.roundTripMs = Math.round(remoteRoundTrip * 1000);
  }
  return counters;
}

const kbps = (bytes: number, ms: number) => Math.max(0, Math.round((bytes * 8) / ms));

/** The quality between the previous report and this one; rates and incoming loss need a previous report. */
export function qualityBetween(previous: StatsCounters | null, current: StatsCounters): CallQuality {
  const span = previous ? current.at - previous.at : 0;
  const rates = previous !== null && span > 0;
  let incomingLoss: number | null = null;
  if (rates) {
    const lost = Math.max(0, current.packetsLost - previous.packetsLost);
    const received = Math.max(0, current.packetsReceived - previous.packetsReceived);
    if (lost + received > 0) incomingLoss = (lost / (lost + received)) * 100;
  }
  const losses = [incomingLoss, current.outgoingLossPercent].filter((value): value is number => value !== null);
  return {
    roundTripMs: current.roundTripMs,
    lossPercent: losses.length > 0 ? Math.round(Math.max(...losses) * 10) / 10 : null,
    outgoingKbps: rates ? kbps(current.bytesSent - previous.bytesSent, span) : null,
    incomingKbps: rates ? kbps(current.bytesReceived - previous.bytesReceived, span) : null,
    availableOutgoingKbps: current.availableOutgoingKbps,
    relayed: current.relayed,
  };
}

export type QualityLevel = 'good' | 'fair' | 'poor' | 'unknown';

/** Weak from 10 % loss or 600 ms round trip; fair from 3 % or 300 ms; unknown without either figure. */
export function qualityLevel({ lossPercent, roundTripMs }: Pick<CallQuality, 'lossPercent' | 'roundTripMs'>): QualityLevel {
  if (lossPercent === null && roundTripMs === null) return 'unknown';
  if ((lossPercent ?? 0) > 10 || (roundTripMs ?? 0) > 600) return 'poor';
  if ((lossPercent ?? 0) > 3 || (roundTripMs ?? 0) > 300) return 'fair';
  return 'good';
}

/**
 * What the fallback compares with AUDIO_ONLY_MIN_KBPS: the browser's estimate of what it can send when it gives one;
 * otherwise the measured rate, but only while the camera is being sent (without video the rate is low by design).
 */
export const sendingRoomKbps = (quality: CallQuality, sendingCamera: boolean): number | null =>
  quality.availableOutgoingKbps ?? (sendingCamera ? quality.outgoingKbps : null);

/**
 * Nothing at all (no media, no RTCP, no ICE check) arrived on the connection between two reports: the other side's
 * network is down, even while the browser still calls the connection connected (it says so only seconds later). A
 * newly selected pair (after an ICE restart) counts from zero, so only the same pair is compared.
 */
export const nothingArrived = (previous: StatsCounters | null, current: StatsCounters): boolean =>
  previous !== null &&
  previous.pairBytesReceived !== null &&
  current.pairBytesReceived !== null &&
  previous.pairId === current.pairId &&
  current.pairBytesReceived <= previous.pairBytesReceived;

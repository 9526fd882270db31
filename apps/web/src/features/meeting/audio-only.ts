import { AUDIO_ONLY_AFTER_MS, AUDIO_ONLY_LOSS_PERCENT, AUDIO_ONLY_MIN_KBPS, VIDEO_BACK_AFTER_MS } from '@rozmova/contracts';

/**
 * The audio-only fallback (docs/decisions.md "The meeting room (web)"): when the connection stays weak for
 * AUDIO_ONLY_AFTER_MS (loss above AUDIO_ONLY_LOSS_PERCENT, or what it can send below AUDIO_ONLY_MIN_KBPS), the
 * outgoing video pauses and the call goes on with sound; after VIDEO_BACK_AFTER_MS of a good connection the video
 * comes back. The person may override either way. A pure state machine driven by timestamped samples.
 */
export interface QualityInput {
  /** When the sample was taken, in milliseconds. */
  at: number;
  lossPercent: number | null;
  /** What the connection can send, in kbps; null when unknown. */
  sendKbps: number | null;
}

export interface AudioOnlyState {
  /** The outgoing video is paused. */
  audioOnly: boolean;
  /** Why: the weak connection (`auto`) or the person's choice to stay on audio (`manual`); null while video runs. */
  reason: 'auto' | 'manual' | null;
  /**
   * The person's choice: `audio` keeps video off until they turn it on; `video` (video back on during a weak spell)
   * keeps the fallback away until the connection has been good for VIDEO_BACK_AFTER_MS.
   */
  override: 'none' | 'video' | 'audio';
  /** Since when the samples have been weak, or good, without a break. */
  weakSince: number | null;
  goodSince: number | null;
}

export type AudioOnlyEvent =
  | ({ type: 'sample' } & QualityInput)
  /** "Turn video back on". */
  | { type: 'video-back' }
  /** "Stay on audio". */
  | { type: 'stay-on-audio' }
  /** The connection was interrupted (reconnecting, a fresh peer connection): the running spans start again. */
  | { type: 'interrupted' };

export const initialAudioOnly: AudioOnlyState = { audioOnly: false, reason: null, override: 'none', weakSince: null, goodSince: null };

/** Loss above the limit, or less sending room than the limit; unknown figures count as fine. */
export const isWeak = ({ lossPercent, sendKbps }: Omit<QualityInput, 'at'>): boolean =>
  (lossPercent !== null && lossPercent > AUDIO_ONLY_LOSS_PERCENT) || (sendKbps !== null && sendKbps < AUDIO_ONLY_MIN_KBPS);

export function nextAudioOnly(state: AudioOnlyState, event: AudioOnlyEvent): AudioOnlyState {
  switch (event.type) {
    case 'video-back':
      return { audioOnly: false, reason: null, override: 'video', weakSince: null, goodSince: null };
    case 'stay-on-audio':
      return { audioOnly: true, reason: 'manual', override: 'audio', weakSince: null, goodSince: null };
    case 'interrupted':
      return { ...state, weakSince: null, goodSince: null };
    case 'sample':
      return afterSample(state, event);
  }
}

function afterSample(state: AudioOnlyState, sample: QualityInput): AudioOnlyState {
  const weak = isWeak(sample);
  const weakSince = weak ? (state.weakSince ?? sample.at) : null;
  const goodSince = weak ? null : (state.goodSince ?? sample.at);
  const goodLongEnough = goodSince !== null && sample.at - goodSince >= VIDEO_BACK_AFTER_MS;
  const spans = { weakSince, goodSince };

  if (state.override === 'audio') return { ...state, ...spans };
  if (state.audioOnly) {
    return goodLongEnough ? { ...initialAudioOnly, goodSince } : { ...state, ...spans };
  }
  if (state.override === 'video') {
    return { ...state, ...spans, override: goodLongEnough ? 'none' : 'video' };
  }
  if (weakSince !== null && sample.at - weakSince >= AUDIO_ONLY_AFTER_MS) {
    return { audioOnly: true, reason: 'auto', override: 'none', weakSince, goodSince: null };
  }
  return { ...state, ...spans };
}

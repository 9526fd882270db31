import { describe, expect, it } from 'vitest';
import { initialAudioOnly, isWeak, nextAudioOnly, type AudioOnlyEvent, type AudioOnlyState } from './audio-only.ts';

const good = { lossPercent: 1, sendKbps: 900 };
const lossy = { lossPercent: 12, sendKbps: 900 };
const narrow = { lossPercent: 0, sendKbps: 140 };

/** Feeds one sample a second from `from` to `to` (inclusive), all alike. */
function samples(state: AudioOnlyState, from: number, to: number, figures: { lossPercent: number | null; sendKbps: number | null }) {
  let next = state;
  for (let at = from; at <= to; at += 1000) next = nextAudioOnly(next, { type: 'sample', at, ...figures });
  return next;
}

const run = (state: AudioOnlyState, ...events: AudioOnlyEvent[]) => events.reduce(nextAudioOnly, state);

describe('isWeak', () => {
  it('is loss above 10 % or sending room below 150 kbps; the limits themselves are fine', () => {
    expect(isWeak({ lossPercent: 10, sendKbps: 150 })).toBe(false);
    expect(isWeak({ lossPercent: 10.1, sendKbps: 150 })).toBe(true);
    expect(isWeak({ lossPercent: 0, sendKbps: 149 })).toBe(true);
    expect(isWeak({ lossPercent: null, sendKbps: null })).toBe(false);
  });
});

describe('the audio-only fallback', () => {
  it('pauses video after 5 s of loss above 10 %, not before', () => {
    const almost = samples(initialAudioOnly, 0, 4000, lossy);
    expect(almost.audioOnly).toBe(false);
    const paused = samples(almost, 5000, 5000, lossy);
    expect(paused).toMatchObject({ audioOnly: true, reason: 'auto' });
  });

  it('pauses video after 5 s below 150 kbps', () => {
    expect(samples(initialAudioOnly, 0, 5000, narrow)).toMatchObject({ audioOnly: true, reason: 'auto' });
  });

  it('starts counting again after one good sample', () => {
    let state = samples(initialAudioOnly, 0, 4000, lossy);
    state = samples(state, 5000, 5000, good);
    state = samples(state, 6000, 10_000, lossy);
    expect(state.audioOnly).toBe(false);
    expect(samples(state, 11_000, 11_000, lossy).audioOnly).toBe(true);
  });

  it('brings video back after 15 s of good quality, and a weak sample restarts those 15 s', () => {
    let state = samples(initialAudioOnly, 0, 5000, lossy);
    state = samples(state, 6000, 20_000, good);
    expect(state.audioOnly).toBe(true);
    state = samples(state, 21_000, 21_000, lossy);
    state = samples(state, 22_000, 36_000, good);
    expect(state.audioOnly).toBe(true);
    state = samples(state, 37_000, 37_000, good);
    expect(state).toMatchObject({ audioOnly: false, reason: null, override: 'none' });
  });

  it('keeps video on after "turn video back on" during a weak spell, until the connection has recovered', () => {
    let state = samples(initialAudioOnly, 0, 5000, lossy);
    state = run(state, { type: 'video-back' });
    expect(state).toMatchObject({ audioOnly: false, override: 'video' });
    state = samples(state, 6000, 30_000, lossy);
    expect(state.audioOnly).toBe(false);
    state = samples(state, 31_000, 46_000, good);
    expect(state.override).toBe('none');
    // A later weak spell pauses the video again.
    expect(samples(state, 47_000, 52_000, lossy)).toMatchObject({ audioOnly: true, reason: 'auto' });
  });

  it('stays on audio after "stay on audio", whatever the quality, until video is turned back on', () => {
    let state = samples(initialAudioOnly, 0, 5000, lossy);
    state = run(state, { type: 'stay-on-audio' });
    state = samples(state, 6000, 60_000, good);
    expect(state).toMatchObject({ audioOnly: true, reason: 'manual' });
    state = run(state, { type: 'video-back' });
    expect(state.audioOnly).toBe(false);
  });

  it('starts the spans again after an interruption', () => {
    let state = samples(initialAudioOnly, 0, 4000, lossy);
    state = run(state, { type: 'interrupted' });
    state = samples(state, 20_000, 24_000, lossy);
    expect(state.audioOnly).toBe(false);
    expect(samples(state, 25_000, 25_000, lossy).audioOnly).toBe(true);
  });

  it('does not count unknown figures as weak', () => {
    expect(samples(initialAudioOnly, 0, 30_000, { lossPercent: null, sendKbps: null }).audioOnly).toBe(false);
  });
});

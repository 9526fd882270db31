/** Sound helpers of the device check: the microphone's level and a short test sound through a chosen speaker. */
type SinkAudio = HTMLAudioElement & { setSinkId?: (sinkId: string) => Promise<void> };

/** Whether this browser lets a page choose the speaker (`setSinkId`; not Safari on iOS). */
export const canChooseSpeaker = (): boolean => typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

/** Sends a media element's sound to the chosen speaker where the browser allows it ('' is the default one). */
export async function routeToSpeaker(element: HTMLMediaElement, speakerId: string): Promise<void> {
  const sink = element as SinkAudio;
  if (!canChooseSpeaker() || !sink.setSinkId) return;
  await sink.setSinkId(speakerId).catch(() => undefined);
}

/** A browser keeps an audio context suspended until the person has touched the page; this resumes it then. */
function resumeOnGesture(context: AudioContext): () => void {
  const resume = () => void context.resume();
  document.addEventListener('pointerdown', resume);
  document.addEventListener('keydown', resume);
  return () => {
    document.removeEventListener('pointerdown', resume);
    document.removeEventListener('keydown', resume);
  };
}

/** Samples of one loudness reading (about 21 ms at 48 kHz). */
const BLOCK = 1024;

/**
 * The microphone's level, 0 to 1, read from an AnalyserNode: the loudest ~21 ms block of the last ~170 ms, so a read
 * every 100 ms misses no short sound between two reads.
 */
export function createLevelMeter(track: MediaStreamTrack): { read: () => number; close: () => void } {
  const context = new AudioContext();
  const source = context.createMediaStreamSource(new MediaStream([track]));
  const analyser = context.createAnalyser();
  analyser.fftSize = 8 * BLOCK;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const stopResuming = resumeOnGesture(context);
  return {
    read() {
      analyser.getFloatTimeDomainData(samples);
      let loudest = 0;
      for (let start = 0; start < samples.length; start += BLOCK) {
        let sum = 0;
        for (let i = start; i < start + BLOCK; i++) sum += samples[i]! * samples[i]!;
        loudest = Math.max(loudest, sum / BLOCK);
      }
      // Speech sits around 0.05–0.2 RMS: scaled so that talking fills most of the meter.
      return Math.min(1, Math.sqrt(loudest) * 5);
    },
    close() {
      stopResuming();
      source.disconnect();
      void context.close();
    },
  };
}

/** Three rising notes, about a second, through the chosen speaker. */
export async function playTestSound(speakerId: string): Promise<void> {
  const context = new AudioContext();
  const destination = context.createMediaStreamDestination();
  const start = context.currentTime + 0.05;
  [523.25, 659.25, 783.99].forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const at = start + index * 0.3;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(0.25, at + 0.03);
    gain.gain.linearRampToValueAtTime(0, at + 0.27);
    oscillator.connect(gain).connect(destination);
    oscillator.start(at);
    oscillator.stop(at + 0.28);
  });
  const element = new Audio();
  element.srcObject = destination.stream;
  try {
    await routeToSpeaker(element, speakerId);
    await context.resume();
    await element.play();
    await new Promise((resolve) => setTimeout(resolve, 1100));
  } finally {
    element.pause();
    element.srcObject = null;
    void context.close();
  }
}

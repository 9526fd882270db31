import { useEffect, useRef, type VideoHTMLAttributes } from 'react';
import { routeToSpeaker } from './audio.ts';

type VideoProps = Omit<VideoHTMLAttributes<HTMLVideoElement>, 'ref' | 'src'> & { 'data-testid'?: string };

/** The person's own camera or shared screen: always muted (no echo), mirrored for a camera. */
export function TrackVideo({ track, mirrored, className, ...props }: VideoProps & { track: MediaStreamTrack | null; mirrored: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = track ? new MediaStream([track]) : null;
    if (track) video.play().catch(() => undefined);
  }, [track]);
  return (
    <video ref={ref} muted autoPlay playsInline className={[className, mirrored ? 'mirrored' : ''].filter(Boolean).join(' ')} {...props} />
  );
}

/**
 * The other person's sound and picture in one element, played through the chosen speaker. When the browser refuses
 * to start sound without a tap, `onBlocked` says so; `version` changes when the stream's tracks do.
 */
export function StreamVideo({
  stream,
  version,
  speakerId,
  onBlocked,
  ...props
}: VideoProps & { stream: MediaStream | null; version: number; speakerId: string; onBlocked: (blocked: boolean) => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const blocked = useRef(onBlocked);
  useEffect(() => {
    blocked.current = onBlocked;
  });
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    if (!stream) return;
    video.play().then(
      () => blocked.current(false),
      (error: unknown) => blocked.current(error instanceof DOMException && error.name === 'NotAllowedError'),
    );
  }, [stream, version]);
  useEffect(() => {
    if (ref.current) void routeToSpeaker(ref.current, speakerId);
  }, [speakerId]);
  return <video ref={ref} autoPlay playsInline {...props} />;
}

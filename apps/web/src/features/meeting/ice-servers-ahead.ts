/**
 * ICE servers asked for ahead of the next connection (with the join), so that it does not wait for them. One request
 * ahead at most: asking again while one waits (unused, or still on its way) asks for no other.
 */
export class IceServersAhead {
  private next: Promise<RTCIceServer[]> | null = null;

  constructor(private readonly fetch: () => Promise<RTCIceServer[]>) {}

  prefetch(): void {
    if (this.next) return;
    const request = this.fetch();
    request.catch(() => undefined);
    this.next = request;
  }

  /** The servers asked for ahead, used once; asked for again when that request failed or none was made. */
  async take(): Promise<RTCIceServer[]> {
    const ahead = this.next;
    this.next = null;
    if (ahead) {
      try {
        return await ahead;
      } catch {
        // Asked again below: the room may have opened since.
      }
    }
    return this.fetch();
  }
}

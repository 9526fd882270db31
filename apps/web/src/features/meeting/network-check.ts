import type { DeviceCheck } from '@rozmova/contracts';

export type NetworkResult = DeviceCheck['network'];

/** How long the check waits for candidates from our STUN and TURN servers. */
const CHECK_MS = 5_000;

const urlsOf = (servers: readonly RTCIceServer[]) =>
  servers.flatMap((server) => (Array.isArray(server.urls) ? server.urls : [server.urls]));

/**
 * What the gathered candidates say: a server-reflexive candidate means STUN answered (a direct call can work), a relay
 * candidate that TURN answered (the call can go through the relay). Without any server to ask, nothing was tested.
 */
export function networkResultOf(found: { srflx: boolean; relay: boolean }, servers: { stun: boolean; turn: boolean }): NetworkResult {
  if (!servers.stun && !servers.turn) return 'untested';
  if (found.srflx && found.relay) return 'ok';
  if (found.srflx) return servers.turn ? 'stun-only' : 'ok';
  if (found.relay) return 'turn-only';
  return 'blocked';
}

/**
 * The network check of the device check: a throwaway RTCPeerConnection with the room's ICE servers gathers
 * candidates for up to five seconds (less once every kind it can get has come).
 */
export function checkNetwork(iceServers: RTCIceServer[]): Promise<NetworkResult> {
  const urls = urlsOf(iceServers);
  const servers = { stun: urls.some((url) => /^stuns?:/i.test(url)), turn: urls.some((url) => /^turns?:/i.test(url)) };
  if (!servers.stun && !servers.turn) return Promise.resolve('untested');
  const found = { srflx: false, relay: false };
  const pc = new RTCPeerConnection({ iceServers });
  return new Promise<NetworkResult>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      pc.onicecandidate = null;
      pc.close();
      resolve(networkResultOf(found, servers));
    };
    const timer = setTimeout(finish, CHECK_MS);
    pc.onicecandidate = ({ candidate }) => {
      if (!candidate) return finish();
      const type = candidate.type ?? / typ (\w+)/.exec(candidate.candidate)?.[1];
      if (type === 'srflx') found.srflx = true;
      if (type === 'relay') found.relay = true;
      if (found.relay && (found.srflx || !servers.stun)) finish();
    };
    pc.createDataChannel('check');
    pc.createOffer()
      .then((offer) => pc.setLocalDescription(offer))
      .catch(finish);
  });
}

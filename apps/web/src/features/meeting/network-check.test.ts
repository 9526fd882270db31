import { describe, expect, it } from 'vitest';
import { networkResultOf } from './network-check.ts';

describe('networkResultOf', () => {
  const both = { stun: true, turn: true };
  it('is ok when STUN and TURN both answered', () => {
    expect(networkResultOf({ srflx: true, relay: true }, both)).toBe('ok');
  });
  it('tells STUN only and TURN only apart', () => {
    expect(networkResultOf({ srflx: true, relay: false }, both)).toBe('stun-only');
    expect(networkResultOf({ srflx: false, relay: true }, both)).toBe('turn-only');
  });
  it('is blocked when no server answered', () => {
    expect(networkResultOf({ srflx: false, relay: false }, both)).toBe('blocked');
  });
  it('does not blame a missing TURN server on the network', () => {
    expect(networkResultOf({ srflx: true, relay: false }, { stun: true, turn: false })).toBe('ok');
  });
  it('tested nothing without servers', () => {
    expect(networkResultOf({ srflx: false, relay: false }, { stun: false, turn: false })).toBe('untested');
  });
});

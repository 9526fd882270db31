import type { AccountRow } from '../db/rows.ts';

/** What the client's X-* headers (SPEC.md §7) and the connection tell about the device. */
export interface DeviceInfo {
  deviceType?: string;
  userAgent?: string;
  timeZone?: string;
  ipAddress?: string;
}

/** The signed-in caller of a request or a socket: its session and account. */
export interface AuthContext {
  sessionId: string;
  account: AccountRow;
  passwordVerifiedAt: Date | null;
}

/** Turns a bearer token into its session's caller (undefined for an unknown, expired or revoked one). */
export interface Authenticator {
  authenticate(token: string): Promise<AuthContext | undefined>;
}

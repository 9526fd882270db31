import type { AccountRow } from '../db/rows.ts';
import { AppError } from '../lib/app-error.ts';

/** What the client's X-* headers (docs/product.md §7) and the connection tell about the device. */
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
  /** When the session ends unless it is used again: its idle end or its absolute end, whichever comes first. */
  expiresAt: Date;
}

/** Turns a bearer token into its session's caller (undefined for an unknown, expired or revoked one). */
export interface Authenticator {
  /** A request or a new connection: the session counts as used now. */
  authenticate(token: string): Promise<AuthContext | undefined>;
  /** An open connection's session as it stood at `at`, counted as used then only when `used` (see docs/decisions.md). */
  recheck(token: string, at: Date, used: boolean): Promise<AuthContext | undefined>;
  /** The account's e-mail is still not proved (no claim has committed). */
  stillUnclaimed(userId: string): Promise<boolean>;
}

/**
 * An account whose e-mail was never proved by a code (made by a landing-page booking). Its sessions are unclaimed: they
 * may call only the routes marked `unclaimed` (the booking and its payment), since whoever proves the e-mail becomes
 * the owner of the account.
 */
export const isUnclaimed = (account: AccountRow): boolean => account.user.emailVerifiedAt === null;

export const unclaimedRefused = () =>
  new AppError('EMAIL_NOT_VERIFIED', 'Confirm your e-mail first: set a password with the code we send to it');

import { walkAuthorization } from '../test/walk-authorization.ts';

/**
 * The authorization walk (test/walk-authorization.ts) as anonymous callers, and the session a landing booking hands out
 * (its e-mail not proved yet).
 */
await walkAuthorization('visitors');

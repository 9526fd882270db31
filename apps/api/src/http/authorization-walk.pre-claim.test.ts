import { walkAuthorization } from '../test/walk-authorization.ts';

/**
 * The authorization walk (test/walk-authorization.ts) as a landing session from before its e-mail's owner signed up
 * (each cell signs up an owner with a mailed code).
 */
await walkAuthorization('pre-claim');

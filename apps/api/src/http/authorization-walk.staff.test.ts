import { walkAuthorization } from '../test/walk-authorization.ts';

/**
 * The authorization walk (test/walk-authorization.ts) as operators and admins.
 */
await walkAuthorization('staff');

import { walkAuthorization } from '../test/walk-authorization.ts';

/**
 * The authorization walk (test/walk-authorization.ts) as the owner's doctor (a completed consultation with it) and another doctor.
 */
await walkAuthorization('doctors');

import { walkAuthorization } from '../test/walk-authorization.ts';

/**
 * The authorization walk (test/walk-authorization.ts) as the owner itself, another patient, and an applicant (role `none`).
 */
await walkAuthorization('patients');

import { authApi, type UpdateProfileBody } from '@rozmova/contracts';
import { call } from './api-client.ts';

/**
 * The session's calls, loaded by the auth store when it needs them: a contract brings the schema library, which the
 * landing page's first download does without (docs/api-reference.md).
 */
export const readProfile = () => call(authApi.profile);
export const endSession = () => call(authApi.logout);
export const saveProfile = (body: UpdateProfileBody) => call(authApi.updateProfile, { body });

import { pushSubscriptionSchema, type FieldError, type PushSubscriptionJson } from '@rozmova/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { endpointAllowed, ENDPOINT_RULE, type EndpointRules } from '../push.endpoints.ts';
import { deleteSubscriptionsOfUser, saveSubscription } from '../push.repository.ts';
import { keysProblem, type PushContext } from './context.ts';

/** A user's devices kept; saving one more drops the one saved longest ago. */
export const PUSH_DEVICES_PER_USER = 20;

const invalid = (path: string, message: string, code: FieldError['code'] = 'INVALID_FORMAT') =>
  new AppError('VALIDATION_FAILED', 'Validation failed', [{ path, code, message }]);

/** Refuses an endpoint the server must not post to: only visible ASCII, and a push service's address (push.endpoints.ts). */
function checkEndpoint(path: string, endpoint: string, rules: EndpointRules): void {
  if (!/^[\x21-\x7e]+$/.test(endpoint)) throw invalid(path, 'The endpoint is a URL without spaces');
  if (!endpointAllowed(endpoint, rules)) throw invalid(path, ENDPOINT_RULE);
}

/** The subscription, checked beyond its schema: a safe endpoint and keys that can be encrypted to (else 400 at `path`). */
function checked(rules: EndpointRules, subscription: PushSubscriptionJson, path: string, wholePath = false): PushSubscriptionJson {
  const at = (field: string) => (wholePath ? path : `${path}.${field}`);
  checkEndpoint(at('endpoint'), subscription.endpoint, rules);
  const problem = keysProblem(subscription.keys);
  if (problem) throw invalid(at(`keys.${problem.field}`), problem.message);
  return subscription;
}

async function save(ctx: PushContext, userId: string, subscription: PushSubscriptionJson): Promise<{ created: boolean }> {
  const { endpoint, keys: k } = subscription;
  return saveSubscription(ctx.db, userId, { endpoint, p256dh: k.p256dh, auth: k.auth }, ctx.clock.now(), PUSH_DEVICES_PER_USER);
}

/**
 * `POST /v1/push/subscriptions`: this device now belongs to the caller (a browser profile is whoever signs in on it
 * now), with the keys sent; `created` false when the endpoint was known.
 */
export async function saveDevice(ctx: PushContext, userId: string, subscription: PushSubscriptionJson): Promise<{ created: boolean }> {
  return save(ctx, userId, checked(ctx.rules, subscription, 'body.user_push_token'));
}

/**
 * `user_push_token` of `PUT /v1/patients/:id`: the same PushSubscription as JSON text, saved like a subscription;
 * null removes every device of the user.
 */
export async function saveToken(ctx: PushContext, userId: string, token: string | null): Promise<void> {
  if (token === null) return deleteSubscriptionsOfUser(ctx.db, userId);
  let parsed: unknown;
  try {
    parsed = JSON.parse(token);
  } catch {
    throw invalid('body.user_push_token', 'A PushSubscription as JSON text');
  }
  const subscription = pushSubscriptionSchema.safeParse(parsed);
  if (!subscription.success) throw invalid('body.user_push_token', 'A PushSubscription as JSON text (endpoint and keys)');
  await save(ctx, userId, checked(ctx.rules, subscription.data, 'body.user_push_token', true));
}

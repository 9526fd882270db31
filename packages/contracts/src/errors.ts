/** Every error code the API answers with, and its HTTP status. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 400,
  CODE_INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_DISABLED: 403,
  PASSWORD_VERIFICATION_REQUIRED: 403,
  /** An admin may not deactivate its own account (the service could be left without an admin). */
  SELF_DEACTIVATION_REFUSED: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  PASSWORD_ALREADY_SET: 409,
  DOCUMENT_LIMIT_REACHED: 409,
  FEEDBACK_EXISTS: 409,
  /** Another booking holds this doctor's time (the database refused the overlap). */
  APPOINTMENT_SLOT_TAKEN: 409,
  /** The time is outside the doctor's hours, too soon, too far ahead, or overlaps the patient's own appointment. */
  APPOINTMENT_SLOT_UNAVAILABLE: 409,
  /** Completed or cancelled appointments do not change. */
  APPOINTMENT_CLOSED: 409,
  /** Patients change an appointment until 2 hours before it; later an operator does. */
  APPOINTMENT_CHANGE_TOO_LATE: 409,
  /** A patient writes to a doctor within a scheduled or running consultation, and has none. */
  NO_CURRENT_APPOINTMENT: 409,
  /** The meeting opens 10 minutes before the start. */
  MEETING_NOT_OPEN: 409,
  /** A doctor's profile is published only when complete: a specialisation, hours and a price. */
  DOCTOR_PROFILE_INCOMPLETE: 409,
  /** Nothing to pay: free, already paid, or no longer held. */
  PAYMENT_NOT_PAYABLE: 409,
  /** Only a successful payment not already being refunded is refunded. */
  PAYMENT_NOT_REFUNDABLE: 409,
  /** Staff roles change among operator, doctor and admin only; an admin never demotes itself. */
  ROLE_CHANGE_REFUSED: 409,
  /** At least one active admin remains: a role change, deactivation or removal that would leave none is refused. */
  LAST_ADMIN: 409,
  /** Another operator holds the support conversation (a claim lost the race, or it was transferred meanwhile). */
  CONVERSATION_HELD: 409,
  /** An operator keeps at most CANNED_REPLIES_PER_OPERATOR canned replies. */
  CANNED_REPLY_LIMIT_REACHED: 409,
  /** Another operator took the support request first, or it is closed. */
  SUPPORT_REQUEST_TAKEN: 409,
  /** A submitted or approved specialist application is not changed by its applicant. */
  APPLICATION_NOT_EDITABLE: 409,
  /** A specialist application is submitted with its profile and diploma complete. */
  APPLICATION_INCOMPLETE: 409,
  /** Only a submitted specialist application is approved or rejected (another admin may have decided it first). */
  APPLICATION_ALREADY_DECIDED: 409,
  PAYMENT_SIGNATURE_INVALID: 400,
  CODE_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_HEADERS_TOO_LARGE: 431,
  TOO_MANY_REQUESTS: 429,
  /** The second step's challenge is unknown, used or past its few minutes: sign in with the password again. */
  TWO_FACTOR_CHALLENGE_INVALID: 401,
  /** This code of the authenticator was used already (a code signs in once): the next one is needed. */
  TWO_FACTOR_CODE_USED: 400,
  /** The role must sign in with two factors (STAFF_2FA): the authenticator can be replaced, not turned off. */
  TWO_FACTOR_REQUIRED: 409,
  /** The account has no authenticator set up. */
  TWO_FACTOR_NOT_ENABLED: 409,
  /** A new authenticator is confirmed within 30 minutes of its setup: start again. */
  TWO_FACTOR_SETUP_EXPIRED: 409,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The server message docs/product.md §8 keys the "not verified" login text on. */
export const EMAIL_NOT_VERIFIED_MESSAGE = 'User email is not verified';

/**
 * Why the server refused one field: the `code` of each entry of `errors` in a 400 answer, beside its path and an English
 * message for developers. Clients choose their text by the code, never by the message.
 */
export const fieldErrorCodes = [
  /** Missing, or of the wrong type. */
  'INVALID_TYPE',
  /** A text or list shorter than allowed (an empty required text included). */
  'TOO_SHORT',
  /** A text or list longer than allowed. */
  'TOO_LONG',
  /** A number or date below the minimum. */
  'TOO_SMALL',
  /** A number or date above the maximum. */
  'TOO_BIG',
  'INVALID_EMAIL',
  /** Not in the expected format (an id, a date, a time). */
  'INVALID_FORMAT',
  /** Not one of the allowed values, or not allowed here. */
  'INVALID_VALUE',
  /** A field the call does not take. */
  'UNKNOWN_FIELD',
  /** A control character (a line break or tab included) in a one-line text. */
  'ONE_LINE_TEXT',
  /** A control character other than a line break or tab in a multi-line text. */
  'MULTI_LINE_TEXT',
  /** A phone not in international format (+380501234567). */
  'PHONE_FORMAT',
  /** A verification code that is not 6 digits. */
  'CODE_FORMAT',
  /** A password in the list of common passwords. */
  'PASSWORD_TOO_COMMON',
  /** The current password given is wrong. */
  'PASSWORD_INCORRECT',
  /** Refused for another reason the message gives. */
  'INVALID',
] as const;

export type FieldErrorCode = (typeof fieldErrorCodes)[number];

export interface FieldError {
  path: string;
  code: FieldErrorCode;
  message: string;
}

export const isFieldErrorCode = (value: unknown): value is FieldErrorCode =>
  typeof value === 'string' && (fieldErrorCodes as readonly string[]).includes(value);

/** What a schema validator reports about one field (a zod issue: its `code`, and for some kinds `origin` or `format`). */
export interface ValidationIssue {
  code?: string;
  origin?: string;
  format?: string;
  /** A schema's own code for its rule (`refine(…, { params: { code } })`). */
  params?: { code?: unknown };
}

/** The field error code of a validation issue: the schema's own code for its rule, else the kind of issue. */
export function fieldErrorCodeOf(issue: ValidationIssue): FieldErrorCode {
  if (isFieldErrorCode(issue.params?.code)) return issue.params.code;
  const counted = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'invalid_type':
      return 'INVALID_TYPE';
    case 'too_small':
      return counted ? 'TOO_SHORT' : 'TOO_SMALL';
    case 'too_big':
      return counted ? 'TOO_LONG' : 'TOO_BIG';
    case 'invalid_format':
      return issue.format === 'email' ? 'INVALID_EMAIL' : 'INVALID_FORMAT';
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'INVALID_VALUE';
    case 'unrecognized_keys':
      return 'UNKNOWN_FIELD';
    default:
      return 'INVALID';
  }
}

/** Every error answer of the API (its zod schema is `errorBodySchema`). */
export interface ErrorBody {
  code: string;
  message: string;
  errors?: FieldError[];
}

function asErrorBody(body: unknown): ErrorBody | undefined {
  const candidate = body as Partial<ErrorBody> | null;
  return candidate && typeof candidate.code === 'string' && typeof candidate.message === 'string' ? (candidate as ErrorBody) : undefined;
}

/** The auth calls whose failures docs/product.md §8 maps to fixed texts. */
export type AuthOperation = 'login' | 'register' | 'sendRegisterCode' | 'sendRecoveryCode' | 'checkCode';

/**
 * The translation key of the text a person sees when an auth call fails (docs/product.md §8).
 * Keys live under `errors.` in the locale files.
 */
export function authErrorKey(operation: AuthOperation, status: number | undefined, serverMessage?: string): string {
  if (status === 429) return 'errors.tooManyRequests';
  switch (operation) {
    case 'login':
      if (serverMessage === EMAIL_NOT_VERIFIED_MESSAGE) return 'errors.emailNotVerified';
      // A deactivated account is told so instead of the generic text.
      if (status === 403) return 'errors.code.ACCOUNT_DISABLED';
      if (status === 404) return 'errors.loginUnknownEmail';
      if (status === 400) return 'errors.invalidCredentials';
      return 'errors.generic';
    case 'register':
      if (status === 409) return 'errors.emailTaken';
      if (status === 400) return 'errors.confirmEmail';
      if (status === 410) return 'errors.codeExpired';
      return 'errors.generic';
    case 'sendRegisterCode':
      return status === 409 ? 'errors.registerEmailTaken' : 'errors.generic';
    case 'sendRecoveryCode':
      return 'errors.generic';
    case 'checkCode':
      if (status === 409) return 'errors.emailTaken';
      if (status === 410) return 'errors.codeExpired';
      if (status === 400) return 'errors.codeInvalid';
      return 'errors.generic';
  }
}

/** A data error as the web client reports it (docs/product.md §8 "Data error mapping by status"). */
export interface DescribedError {
  kind: 'validation' | 'unauthorized' | 'forbidden' | 'notFound' | 'server' | 'unexpected' | 'unknown';
  message: string;
  errors?: FieldError[];
}

export function describeApiError(status: number | undefined, body: unknown, context = ''): DescribedError {
  const parsed = asErrorBody(body);
  const serverMessage = parsed?.message;
  if (status === undefined) return { kind: 'unknown', message: 'Unknown error' };
  if (status === 400) {
    return { kind: 'validation', message: serverMessage ?? 'Validation failed', errors: parsed?.errors ?? [] };
  }
  if (status === 401) return { kind: 'unauthorized', message: 'Unauthorized access' };
  if (status === 403) return { kind: 'forbidden', message: 'Forbidden access' };
  if (status === 404) return { kind: 'notFound', message: `Resource not found: ${context}` };
  if (status === 500 || status === 502 || status === 503) {
    return { kind: 'server', message: `Server error: ${serverMessage ?? 'connection error'}` };
  }
  return { kind: 'unexpected', message: `Unexpected API error: ${serverMessage ?? String(status)}` };
}

import type { z } from 'zod';
import type { Role } from './constants.ts';
import type { ErrorCode } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: `public` anyone, `optional` anyone (the user is loaded when a token is sent),
 * `user` any signed-in account, or a list of roles (admins always pass).
 */
export type Access = 'public' | 'optional' | 'user' | readonly Role[];

/** An answer that is a file rather than JSON (a document, a calendar entry): the web reads it as a Blob. */
export interface FileResponse {
  readonly file: string;
}

/** The multipart field that carries an uploaded file. */
export const UPLOAD_FIELD = 'file';

/** A request that carries a file as multipart/form-data, in the field named here, with at most `maxBytes`. */
export interface Upload {
  readonly field: string;
  readonly maxBytes: number;
}

/**
 * One endpoint of the API: the server registers its route from it and the web calls it through it, so a path,
 * method or type that disagrees between the two does not compile (docs/api-reference.md).
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly summary?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly upload?: Upload;
  /** Each answer by status; a success without a body is `204: null`. */
  readonly responses: { readonly [status: number]: z.ZodType | FileResponse | null };
  /**
   * The use case's own refusals, listed in the OpenAPI document beside those every endpoint of its kind shares
   * (validation with input, sign-in and role with access, 404 with an id in the path): a limit's 429, a 404 without an id.
   */
  readonly errors?: readonly ErrorCode[];
  /** Counted against the per-address limit of auth requests. */
  readonly authRateLimit?: boolean;
  /** Health data: the answer goes out encrypted when the server has a response key (docs/response-encryption.md). */
  readonly encryptResponse?: boolean;
  /** A `user` endpoint that an applicant (role `none`, not yet approved) may call too: the profile and logout. */
  readonly applicants?: boolean;
  /**
   * An endpoint an unclaimed session (its account's e-mail not proved yet: a landing-page booking) may call: that
   * booking, its payment and consultation, the profile it typed, logout. Elsewhere such a session is refused with 403
   * `EMAIL_NOT_VERIFIED`, and on `optional` endpoints it is a visitor.
   */
  readonly unclaimed?: boolean;
}

export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

export const isFileResponse = (response: Endpoint['responses'][number]): response is FileResponse =>
  response !== null && typeof response === 'object' && 'file' in response && typeof response.file === 'string';

type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessKey<E extends Endpoint> = Extract<keyof E['responses'], SuccessStatus>;
type Answer<R> = R extends z.ZodType ? z.output<R> : R extends FileResponse ? Blob : void;

/** What a successful call answers, as the web reads it. */
export type EndpointResult<E extends Endpoint> = Answer<E['responses'][SuccessKey<E>]>;
/** What the server's handler may return for a successful answer. */
export type EndpointReturn<E extends Endpoint> = E['responses'][SuccessKey<E>] extends infer R
  ? R extends z.ZodType
    ? z.input<R>
    : never
  : never;

type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Field<Name extends string, T> = Partial<T> extends T ? { [K in Name]?: T } : { [K in Name]: T };

/** What a call sends: the path's parameters, the query and the JSON body, each required when the contract requires it. */
export type EndpointInput<E extends Endpoint> = ([PathParamNames<E['path']>] extends [never]
  ? unknown
  : { params: Record<PathParamNames<E['path']>, string> }) &
  (E['query'] extends z.ZodType ? Field<'query', z.input<E['query']>> : unknown) &
  (E['body'] extends z.ZodType ? Field<'body', z.input<E['body']>> : unknown);

/** The path with its `:name` parameters filled in. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The path ${path} needs its parameter ${name}`);
    return encodeURIComponent(value);
  });
}

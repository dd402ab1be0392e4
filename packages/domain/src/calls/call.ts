import type { z } from 'zod';
import type { ConsoleCalls } from './console-calls';
import type { StorefrontCalls } from './storefront-calls';

/**
 * What one API path takes and answers, from the zod contracts the API validates with (docs/conventions.md 'One way
 * to do each thing'): a client names the path, and its body and data types follow, so a wrong body or a wrong
 * reading of the answer is a compile error rather than a cast. Types only: nothing here reaches a bundle.
 */
export interface Call<Body, Data> {
  /** What the request body may be: the request schema's input (before its defaults and transforms). */
  body: Body;
  /** The envelope's data on success: the response schema's output. */
  data: Data;
}

/** POST JSON, the envelope's data back (spec §7: every call is POST unless noted). */
export type Post<Request extends z.ZodType, Response extends z.ZodType | null> = Call<
  z.input<Request>,
  Response extends z.ZodType ? z.output<Response> : null
>;

/** GET without a body (the page templates). */
export type Get<Response extends z.ZodType> = Call<undefined, z.output<Response>>;

/** The body of an upload: multipart form data, built by the caller (a file field and its companions). */
export interface Multipart {
  readonly multipart: true;
}

/** POST multipart (a picture, a sheet, a transfer slip), the envelope's data back. */
export type Upload<Response extends z.ZodType> = Call<Multipart, z.output<Response>>;

/** POST JSON or multipart (a paste or the same lines as a file), the envelope's data back. */
export type PostOrUpload<Request extends z.ZodType, Response extends z.ZodType> = Call<
  z.input<Request> | Multipart,
  z.output<Response>
>;

/** The answer of a download: a file, not an envelope (a failure still comes as the error envelope). */
export interface FileAnswer {
  readonly file: true;
}

/** POST JSON, a file back (the xlsx exports, the tax invoices, a transfer slip's image). */
export type Download<Request extends z.ZodType> = Call<z.input<Request>, FileAnswer>;

/** Every call of the shop's API: the storefront's and the console's. */
export interface ApiCalls extends StorefrontCalls, ConsoleCalls {}

export type ApiPath = keyof ApiCalls & string;
/** What the body of a call to `P` may be. */
export type BodyOf<P extends ApiPath> = ApiCalls[P]['body'];
/** The data of a successful answer to `P`. */
export type DataOf<P extends ApiPath> = ApiCalls[P]['data'];

/** The paths that answer with an envelope's data (not a file). */
export type DataPath = { [P in ApiPath]: DataOf<P> extends FileAnswer ? never : P }[ApiPath];
/** The paths that answer with a file. */
export type FilePath = { [P in ApiPath]: DataOf<P> extends FileAnswer ? P : never }[ApiPath];

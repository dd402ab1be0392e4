import type { ApiPath, BodyOf, DataOf, DataPath, Envelope, Multipart } from '@shop/domain';

/** A body as the client reads it: never changed, so a caller's readonly lists are welcome. */
type Unchanged<T> = T extends readonly (infer E)[]
  ? readonly E[]
  : T extends object
    ? { readonly [K in keyof T]: T[K] extends readonly (infer E)[] ? readonly E[] : T[K] }
    : T;

/** A body as a caller passes it, each alternative on its own (a call may take JSON or an upload). */
type ArgOf<B> = B extends Multipart ? FormData : Unchanged<B>;

/** What a caller passes as the body of `P`: the contract's request input, or FormData for an upload. */
export type BodyArg<P extends ApiPath> = ArgOf<BodyOf<P>>;

/** The paths whose body may be left out: every field optional, or a GET. */
export type BodilessPath = {
  // biome-ignore lint/complexity/noBannedTypes: an empty contract object is exactly `{}`
  [P in DataPath]: undefined extends BodyArg<P> ? P : {} extends BodyArg<P> ? P : never;
}[DataPath];

/** An app's way of sending one call and reading its envelope (its headers, base URL, preloaded answers). */
export type SendEnvelope<Options> = (
  path: string,
  body: unknown,
  options: Options | undefined,
) => Promise<Envelope>;

/** The calls an app makes, typed by the path (packages/domain calls/): its body and its data follow from it. */
export interface TypedCalls<Options> {
  /** The whole envelope (when its message matters: a registration's welcome, a code's resend note). */
  requestEnvelope<P extends DataPath>(
    path: P,
    body: BodyArg<P>,
    options?: Options,
  ): Promise<Envelope<DataOf<P>>>;
  requestEnvelope<P extends BodilessPath>(path: P): Promise<Envelope<DataOf<P>>>;
  /** The envelope's data. */
  request<P extends DataPath>(path: P, body: BodyArg<P>, options?: Options): Promise<DataOf<P>>;
  request<P extends BodilessPath>(path: P): Promise<DataOf<P>>;
}

/**
 * Types an app's sender by the shared call map. The one cast of the data is here: the API writes every answer
 * through the same contract's response schema (apps/api lib/response-serializer.ts), so what a successful envelope
 * of `P` carries is `DataOf<P>`.
 */
export function typedCalls<Options>(send: SendEnvelope<Options>): TypedCalls<Options> {
  const requestEnvelope = async <P extends DataPath>(path: P, body?: BodyArg<P>, options?: Options) =>
    (await send(path, body, options)) as Envelope<DataOf<P>>;
  const request = async <P extends DataPath>(path: P, body?: BodyArg<P>, options?: Options) =>
    (await requestEnvelope(path, body, options)).data;
  return { requestEnvelope, request };
}

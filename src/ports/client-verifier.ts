/** What an embedder's check sees about a request that passed the key format and referer checks. */
export interface ClientCredentials {
  apiKey: string;
  referer?: string;
  /** The transport's own request object (express `Request` over HTTP), for checks that need more. */
  request: unknown;
}

/** The embedder's say on a client key: a user id to let it in, null to refuse (401). */
export interface ClientVerifier {
  verify(credentials: ClientCredentials): Promise<string | null>;
}

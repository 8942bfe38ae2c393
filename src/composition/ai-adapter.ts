import type { Server } from 'node:http';
import type { Router } from 'express';
import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { createAiRouter } from '../adapters/inbound/http/ai/router.js';
import { attachAiWebSocket, type AiWebSocket } from '../adapters/inbound/http/ai/websocket.js';
import { LogUsageRecorder } from '../adapters/outbound/usage-log/log-usage-recorder.js';
import type { AiConfig, AiConfigInput, ProviderConfigInput } from '../config/ai-schema.js';
import { validateConfig } from '../config/load-config.js';
import type { ImageGenerator } from '../ports/image-generator.js';
import type { Provider } from '../ports/provider-registry.js';
import type { TextGenerator } from '../ports/text-generator.js';
import { buildContainer, type ContainerOverrides } from './container.js';
import { aiHttpOptions, clientVerifierFrom, type CheckAiAuthentication } from './http-options.js';
import { providersFromConfig } from './provider-registry.js';

/** A provider whose adapters the embedder made itself. */
export interface ProviderInstance {
  text: TextGenerator;
  image?: ImageGenerator;
  defaultModel?: string;
  /** Shown by `/ai/providers`; default `custom`. */
  type?: string;
  /** Whether a key is configured for it on the server (default true). */
  configured?: boolean;
  allowClientKey?: boolean;
}

export interface AiAdapterOptions extends Omit<AiConfigInput, 'providers'> {
  /** Each provider as config (`type` a built-in or registered type) or as ready adapters. */
  providers?: Record<string, ProviderConfigInput | ProviderInstance>;
  /** The embedder's check of a client key: a user id, or null for 401. */
  checkAuthentication?: CheckAiAuthentication;
  /** SSE heartbeat and WebSocket ping interval (default 15 s). */
  heartbeatMs?: number;
  /** Where usage records go (one line per generation); none when omitted. */
  logger?: Logger;
  adapters?: ContainerOverrides;
}

export type AiAdapter = Router & {
  readonly container: Container;
  /** Serves `GenerateText` over WebSocket on `path` (default `/ai/ws`) of the given server. */
  attachWebSocket(server: Server, options?: { path?: string }): AiWebSocket;
  close(): Promise<void>;
};

const isInstance = (provider: ProviderConfigInput | ProviderInstance): provider is ProviderInstance =>
  typeof (provider as ProviderInstance).text?.stream === 'function';

const checkedConfig = (options: AiAdapterOptions): { config: AiConfig; made: Map<string, Provider> } => {
  const { providers = {}, checkAuthentication: _c, heartbeatMs: _h, logger: _l, adapters: _a, ...settings } = options;
  const asConfig = Object.fromEntries(
    Object.entries(providers).map(([name, provider]) => [name, isInstance(provider) ? { type: 'instance' } : provider]),
  );
  const config = validateConfig({ ai: { ...settings, providers: asConfig } }).ai!;
  const made = new Map(
    Object.entries(providers).flatMap(([name, provider]) =>
      isInstance(provider)
        ? [[name, { type: 'custom', configured: true, allowClientKey: false, ...provider, name }] as const]
        : [],
    ),
  );
  return { config, made };
};

/**
 * The AI adapter to mount in any express app, usually at `/ai`:
 * `/health`, `/providers`, `/request` (SSE) and `/image/generate`, with its
 * own container, providers and rate limit.
 */
export const createAiAdapter = (options: AiAdapterOptions = {}): AiAdapter => {
  const { config, made } = checkedConfig(options);
  const container = buildContainer(
    { ...validateConfig({}), ai: config },
    {
      providers: providersFromConfig(config, made),
      ...(options.logger ? { usageRecorder: new LogUsageRecorder(options.logger), logger: options.logger } : {}),
      ...(options.checkAuthentication ? { clientVerifier: clientVerifierFrom(options.checkAuthentication) } : {}),
      ...options.adapters,
    },
  );
  const http = aiHttpOptions(config, container, options.heartbeatMs);
  const router = createAiRouter(http);
  const attachWebSocket = (server: Server, ws: { path?: string } = {}) =>
    attachAiWebSocket(server, { ...http, path: ws.path ?? '/ai/ws' });
  return Object.assign(router, { container, attachWebSocket, close: () => container.unbindAllAsync() });
};

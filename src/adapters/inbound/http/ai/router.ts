import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { AuthenticateClient } from '../../../../application/ai/authenticate-client.js';
import type { CheckHealth } from '../../../../application/ai/check-health.js';
import type { GenerateImage } from '../../../../application/ai/generate-image.js';
import type { GenerateText } from '../../../../application/ai/generate-text.js';
import type { ListProviders } from '../../../../application/ai/list-providers.js';
import { authenticateClient } from './authenticate-client.js';
import { sendAiError } from './errors.js';
import { abortOnDisconnect, generateTextRoute } from './generate-text-route.js';
import { toGenerateImageInput } from './request-mapper.js';
import { generateImageBodySchema, parseBody } from './schemas.js';

export { sendAiError } from './errors.js';
import type { ConsumeRateLimit } from '../../../../application/rate-limit/consume-rate-limit.js';
import { rateLimitRequests } from '../rate-limit.js';
import type { Metrics } from '../../../../ports/metrics.js';

export interface AiUseCases {
  checkHealth: CheckHealth;
  authenticateClient: AuthenticateClient;
  generateText: GenerateText;
  generateImage: GenerateImage;
  listProviders: ListProviders;
}

export interface AiHttpOptions {
  useCases: AiUseCases;
  maxBodyBytes: number;
  /** Middleware that runs after authentication and before the routes (the rate limiter goes here). */
  afterAuth?: RequestHandler[];
  /** Counts open streams. */
  metrics?: Metrics;
  /** SSE heartbeat interval; 15 s unless a test wants it sooner. */
  heartbeatMs?: number;
  /** Counts every `/ai` request but health, after authentication (so a user id or client key is known). */
  rateLimit?: ConsumeRateLimit;
}

/** Routes under `/ai`: health without auth, then auth, `afterAuth`, the body parser and the routes. */
export const createAiRouter = (options: AiHttpOptions): Router => {
  const { useCases } = options;
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json(useCases.checkHealth.execute());
  });
  router.use(authenticateClient(useCases.authenticateClient));
  if (options.rateLimit) router.use(rateLimitRequests(options.rateLimit, sendAiError));
  for (const middleware of options.afterAuth ?? []) router.use(middleware);
  router.use(express.json({ limit: options.maxBodyBytes }));
  router.get('/providers', (_req, res) => {
    res.json({ success: true, providers: useCases.listProviders.execute() });
  });
  router.post(
    '/request',
    generateTextRoute({
      generateText: useCases.generateText,
      ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
      ...(options.metrics ? { metrics: options.metrics } : {}),
    }),
  );
  router.post('/image/generate', async (req: Request, res: Response) => {
    const body = parseBody(generateImageBodySchema, req.body);
    const providerKey = req.get('x-provider-key');
    const result = await useCases.generateImage.execute(
      toGenerateImageInput(body, {
        signal: abortOnDisconnect(res).signal,
        ...(providerKey ? { providerKey } : {}),
        ...(res.locals.userId ? { userId: res.locals.userId as string } : {}),
        ...(res.locals.apiKey ? { clientKey: res.locals.apiKey as string } : {}),
      }),
    );
    res.json({ success: true, result });
  });
  router.use((_req: Request, res: Response) => {
    res.status(404).json({ success: false, error: { code: 404, message: 'Not found' } });
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => sendAiError(res, error));
  return router;
};

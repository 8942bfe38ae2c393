import { Router } from 'express';
import type { CheckReadiness } from '../../../application/ops/check-readiness.js';
import type { MetricsExposition } from '../../../ports/metrics.js';

export interface OpsHttpOptions {
  readiness: CheckReadiness;
  /** Absent when `metrics.enabled` is false. */
  metrics?: { path: string; exposition: MetricsExposition };
}

/**
 * Endpoints for the platform rather than the editor: `GET /ready` (503 while
 * a configured dependency is unreachable; `/ai/health` stays the liveness
 * probe) and the Prometheus scrape.
 */
export const createOpsRouter = (options: OpsHttpOptions): Router => {
  const router = Router();
  router.get('/ready', async (_req, res, next) => {
    try {
      const report = await options.readiness.execute();
      res.setHeader('Cache-Control', 'no-store');
      res.status(report.status === 'ok' ? 200 : 503).json(report);
    } catch (error) {
      next(error);
    }
  });
  const metrics = options.metrics;
  if (metrics) {
    router.get(metrics.path, async (_req, res, next) => {
      try {
        const text = await metrics.exposition.render();
        res.setHeader('Cache-Control', 'no-store');
        res.type(metrics.exposition.contentType).send(text);
      } catch (error) {
        next(error);
      }
    });
  }
  return router;
};

import type { Request, RequestHandler, Response } from 'express';
import type { Metrics } from '../../../ports/metrics.js';

/**
 * The route label: the express route pattern that answered, the file
 * connector's `action`, or the mount a router served from — never the raw
 * URL, so a scanner probing random paths cannot grow the label set.
 */
export const routeLabel = (req: Request, res: Response): string => {
  const base = req.baseUrl ?? '';
  if (typeof res.locals.action === 'string') return `${base}/?action=${res.locals.action}`;
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return `${base}${pattern}` || '/';
  return base ? `${base}/*` : 'unmatched';
};

/** Counts each request once, when its response ends or its client goes away (499). */
export const requestMetrics =
  (metrics: Metrics): RequestHandler =>
  (req, res, next) => {
    const started = performance.now();
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const abandoned = !res.writableFinished && !res.headersSent;
      metrics.httpRequest({
        method: req.method,
        route: routeLabel(req, res),
        status: abandoned ? 499 : res.statusCode,
        durationMs: performance.now() - started,
      });
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };

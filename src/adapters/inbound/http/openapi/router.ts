import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import { stringify } from 'yaml';
import { buildOpenApiDocument } from './document.js';

// The package's folder, found without loading its 1.5 MB bundle into the server.
const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const viewerPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>editor-backend API</title>
<link rel="stylesheet" href="./swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="./swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '../openapi.json', dom_id: '#swagger-ui', deepLinking: true });</script>
</body></html>`;

export interface OpenApiOptions {
  version: string;
  filesMount?: string;
  ai: boolean;
}

/** `/openapi.json`, `/openapi.yaml` and the interactive viewer at `/docs/`, its assets from npm (no CDN). */
export const createOpenApiRouter = (options: OpenApiOptions): Router => {
  const router = Router();
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  const current = () => (document ??= buildOpenApiDocument(options));
  router.get('/openapi.json', (_req, res) => {
    res.json(current());
  });
  router.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(stringify(current()));
  });
  // Relative asset URLs need the trailing slash (routing here ignores it, so look at the URL itself).
  router.get('/docs', (req, res) => {
    if (!req.originalUrl.split('?')[0]!.endsWith('/')) return res.redirect(301, `${req.baseUrl}/docs/`);
    res.type('html').send(viewerPage);
  });
  router.use('/docs', express.static(swaggerUiDir, { index: false }));
  return router;
};

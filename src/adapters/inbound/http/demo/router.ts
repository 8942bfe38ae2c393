import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import { demoPage, type DemoPageOptions } from './page.js';

/** `/demo`: the editor page, with Jodit's assets served from the installed package (no CDN). */
export const createDemoRouter = (options: DemoPageOptions): Router => {
  const joditDir = path.join(path.dirname(createRequire(import.meta.url).resolve('jodit/package.json')), 'es2021');
  const router = Router();
  const page = demoPage(options);
  router.get('/demo', (_req, res) => {
    res.type('html').send(page);
  });
  router.get('/demo/jodit.js', (_req, res) => res.sendFile(path.join(joditDir, 'jodit.min.js')));
  router.get('/demo/jodit.css', (_req, res) => res.sendFile(path.join(joditDir, 'jodit.min.css')));
  router.use('/demo', express.static(joditDir, { index: false }));
  return router;
};

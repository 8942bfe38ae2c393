/**
 * Both services inside an Express app that already exists: the file connector
 * under /cms, the AI adapter at /ai (its spec paths) with WebSocket at /ai/ws.
 * Run: node --conditions=development --import tsx examples/embedding/host-app.ts
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createAiAdapter, createFileConnector } from 'editor-backend';

const app = express();

// The host's own middleware runs first, for every service mounted below.
app.use((req, res, next) => {
  res.setHeader('X-Served-By', 'host-app');
  next();
});
app.get('/', (_req, res) => {
  res.send('the host app');
});

const files = createFileConnector({
  sources: { docs: { root: process.env.DOCS_ROOT ?? './data/docs' } },
  // The host says who the user is; the access list says what each role may do.
  checkAuthentication: (req) => (req.get('x-user') === 'editor' ? 'editor' : 'guest'),
  accessControl: [
    { role: 'guest', FILES: true, FOLDERS: true },
    { role: 'editor', FILES: true, FOLDERS: true, FILE_UPLOAD: true, FILE_REMOVE: true, FOLDER_CREATE: true },
  ],
});
app.use('/cms', files);

const ai = createAiAdapter({
  providers: {
    main: { type: 'openai-compatible', apiKey: process.env.PROVIDER_KEY, baseUrl: process.env.PROVIDER_URL, defaultModel: 'gpt-4.1-mini' },
  },
  // A client key is good when the host knows it; the user id keys the rate limit.
  checkAuthentication: ({ apiKey }) => (apiKey === process.env.EDITOR_CLIENT_KEY ? 'user-1' : null),
});
app.use('/ai', ai);

const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
ai.attachWebSocket(server, { path: '/ai/ws' });

process.on('SIGTERM', () => {
  server.close();
  void Promise.all([files.close(), ai.close()]);
});

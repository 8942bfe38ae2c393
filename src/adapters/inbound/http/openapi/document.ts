import { z } from 'zod';
import { createDocument, type oas31 } from 'zod-openapi';
import { generateImageBodySchema, generateTextBodySchema } from '../ai/schemas.js';
import { ACTION_PARAMS, type ActionName } from '../files/action-schemas.js';
import * as answers from './response-schemas.js';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const filesErrors = Object.fromEntries(
  [['400', 'Bad parameters'], ['401', 'Authentication failed'], ['403', 'The role lacks the permission'], ['404', 'No such source, folder or file'], ['409', 'The name is taken'], ['413', 'Too large'], ['415', 'Type not allowed'], ['429', 'Rate limited']].map(([code, text]) => [code, json(answers.filesErrorSchema, text!)]),
);
const aiErrors = Object.fromEntries(
  [['400', 'Bad request or unknown provider'], ['401', 'Bad or missing client key'], ['403', 'Referer not allowed'], ['413', 'Body too large'], ['429', 'Rate limited']].map(([code, text]) => [code, json(answers.aiErrorSchema, text!)]),
);

const READ_ONLY = new Set<ActionName>(['files', 'folders', 'permissions', 'fileDownload', 'getLocalFileByUrl']);
const REPLY: Partial<Record<ActionName, z.ZodType>> = { files: answers.listingSchema };
const BINARY: Partial<Record<ActionName, string>> = { fileDownload: 'application/octet-stream', generatePdf: 'application/pdf', generateDocx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };

/** One path item per action (`/?action=<name>`): OpenAPI keys paths without query, so the action is part of the key. */
const fileActionPaths = (mount: string) =>
  Object.fromEntries(
    (Object.keys(ACTION_PARAMS) as ActionName[]).map((action) => {
      const params = ACTION_PARAMS[action];
      const ok = BINARY[action]
        ? { description: 'The file', content: { [BINARY[action]!]: { schema: { type: 'string', format: 'binary' } } } }
        : json(REPLY[action] ?? answers.filesSuccessSchema, 'Done');
      const body = action === 'fileUpload'
        ? { content: { 'multipart/form-data': { schema: params.extend({ 'files[0]': z.string().meta({ format: 'binary' }) }) } } }
        : { content: { 'application/x-www-form-urlencoded': { schema: params }, 'application/json': { schema: params } } };
      const operation = (method: 'get' | 'post') => ({
        operationId: `${method}_${action}`,
        tags: ['File connector'],
        summary: `action=${action}`,
        ...(method === 'get' ? { requestParams: { query: params } } : { requestBody: body }),
        responses: { '200': ok, ...filesErrors },
      });
      return [`${mount}?action=${action}`, READ_ONLY.has(action) ? { get: operation('get'), post: operation('post') } : { post: operation('post') }];
    }),
  );

const clientKey = [{ clientKey: [] }];

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export const buildOpenApiDocument = (options: { version: string; filesMount?: string; ai: boolean; serverUrl?: string }): oas31.OpenAPIObject =>
  createDocument({
    openapi: '3.1.0',
    info: { title: 'editor-backend', version: options.version, description: 'AI adapter and file connector for rich-text editors such as Jodit.' },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    components: {
      securitySchemes: {
        clientKey: { type: 'http', scheme: 'bearer', description: 'The client key (a UUID); also accepted as X-API-Key or ?key=' },
      },
    },
    paths: {
      ...(options.ai
        ? {
            '/ai/request': {
              post: {
                operationId: 'generateText',
                tags: ['AI adapter'],
                security: clientKey,
                requestBody: { content: { 'application/json': { schema: generateTextBodySchema } } },
                responses: {
                  '200': {
                    description: 'An SSE stream (`text/event-stream`), or one JSON answer when `context.metadata.stream` is false',
                    content: { 'text/event-stream': { schema: answers.streamEventSchema }, 'application/json': { schema: answers.nonStreamResultSchema } },
                  },
                  '502': json(answers.aiErrorSchema, 'Provider failed (non-streaming)'),
                  '503': json(answers.aiErrorSchema, 'The conversation store (Redis) cannot be reached, for `mode: "incremental"` with `parentMessageId`'),
                  '504': json(answers.aiErrorSchema, 'Provider timed out (non-streaming)'),
                  ...aiErrors,
                },
              },
            },
            '/ai/image/generate': {
              post: {
                operationId: 'generateImage',
                tags: ['AI adapter'],
                security: clientKey,
                requestBody: { content: { 'application/json': { schema: generateImageBodySchema } } },
                responses: { '200': json(answers.imageResultSchema, 'Images'), ...aiErrors },
              },
            },
            '/ai/providers': { get: { operationId: 'listProviders', tags: ['AI adapter'], security: clientKey, responses: { '200': json(answers.providersSchema, 'Providers'), ...aiErrors } } },
            '/ai/health': { get: { operationId: 'health', tags: ['AI adapter'], responses: { '200': json(answers.healthSchema, 'Alive') } } },
          }
        : {}),
      ...(options.filesMount !== undefined
        ? { [`${options.filesMount.replace(/\/?$/, '/')}ping`]: { get: { operationId: 'ping', tags: ['File connector'], responses: { '200': json(answers.pingSchema, 'Alive') } } }, ...fileActionPaths(options.filesMount.replace(/\/?$/, '/')) }
        : {}),
      '/ready': { get: { operationId: 'ready', tags: ['Operations'], responses: { '200': { description: 'Ready' }, '503': { description: 'A dependency is down' } } } },
      '/metrics': { get: { operationId: 'metrics', tags: ['Operations'], responses: { '200': { description: 'Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } } } } },
    },
  });

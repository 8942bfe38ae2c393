import pino, { type Logger } from 'pino';
import { keyPrefix } from '../adapters/inbound/http/redact.js';

const SECRET_FIELDS = ['apiKey', 'providerKey', 'secret', 'password', 'token', 'authorization', 'cookie', 'x-api-key', 'x-provider-key', 'set-cookie'];
const CLIENT_KEY_FIELDS = ['clientKey'];

/**
 * Fields that may hold a secret, at the top of a log object and up to two
 * levels down (`{provider: {apiKey}}`, `{req: {headers: {cookie}}}`). The
 * request log never writes headers or bodies; this is the net under any other
 * line a route or adapter writes.
 */
export const REDACTED_PATHS = [...SECRET_FIELDS, ...CLIENT_KEY_FIELDS].flatMap((field) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
  const dot = key.startsWith('[') ? '' : '.';
  return [key, `*${dot}${key}`, `*.*${dot}${key}`];
});

/** Secrets become `[redacted]`; a client key keeps a short prefix, so a line still tells which client it was. */
const censor = (value: unknown, path: string[]): string =>
  CLIENT_KEY_FIELDS.includes(path.at(-1) ?? '') && typeof value === 'string' ? keyPrefix(value) : '[redacted]';

export const createLogger = (level: string, destination?: pino.DestinationStream): Logger => {
  const pretty = process.env.NODE_ENV === 'development' && !destination;
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor },
      ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } } : {}),
    },
    destination,
  );
};

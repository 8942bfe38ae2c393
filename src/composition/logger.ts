import pino, { type Logger } from 'pino';

/** Paths that may hold a secret; pino replaces their values before anything is written. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-provider-key"]',
  'res.headers["set-cookie"]',
  'apiKey',
  '*.apiKey',
  'secret',
  '*.secret',
];

export const createLogger = (level: string, destination?: pino.DestinationStream): Logger => {
  const pretty = process.env.NODE_ENV === 'development' && !destination;
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(pretty ? { transport: { target: 'pino-pretty' } } : {}),
    },
    destination,
  );
};

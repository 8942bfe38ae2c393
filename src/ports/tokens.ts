/** Dependency-injection tokens, one per port or configured value. */
export const TOKENS = {
  Clock: Symbol.for('Clock'),
  AppVersion: Symbol.for('AppVersion'),
  FileSources: Symbol.for('FileSources'),
  AccessPolicy: Symbol.for('AccessPolicy'),
  CheckPermission: Symbol.for('CheckPermission'),
  ListFiles: Symbol.for('ListFiles'),
  AiProviderNames: Symbol.for('AiProviderNames'),
  CheckHealth: Symbol.for('CheckHealth'),
  Metrics: Symbol.for('Metrics'),
  MetricsExposition: Symbol.for('MetricsExposition'),
  ReadinessChecks: Symbol.for('ReadinessChecks'),
  CheckReadiness: Symbol.for('CheckReadiness'),
} as const;

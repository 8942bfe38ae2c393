// HEALTHCHECK probe without curl: liveness at /ai/health, or /ping when the AI service is off.
// Readiness (Redis) is /ready, for orchestrators that route traffic; a Redis outage must not restart us.
const base = `http://127.0.0.1:${process.env.PORT || 8082}`;
const ok = async (path) => {
  try {
    const response = await fetch(base + path, { signal: AbortSignal.timeout(4000) });
    return response.ok;
  } catch {
    return false;
  }
};
process.exit((await ok('/ai/health')) || (await ok('/ping')) ? 0 : 1);

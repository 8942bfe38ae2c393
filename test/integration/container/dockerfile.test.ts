import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { parseConfig } from '../../../src/config/load-config.js';
import { execForm, readDockerfile, stageEnv } from '../../support/dockerfile.js';

const { args, stages } = readDockerfile();
const runtime = stages.at(-1)!;
const keyword = (stage: typeof runtime, name: string) => stage.instructions.filter((i) => i.keyword === name);

describe('Dockerfile (checked without an engine)', () => {
  it('is multi-stage on node:20-slim, installing production dependencies only from the lock file', () => {
    assert.ok(stages.length >= 2);
    assert.deepEqual(args.find((a) => a.keyword === 'ARG')?.args, 'NODE_IMAGE=node:20-slim');
    for (const stage of stages) assert.equal(stage.from, '${NODE_IMAGE}');
    const deps = stages.find((s) => keyword(s, 'RUN').some((r) => /npm ci\b/.test(r.args)));
    assert.ok(deps && deps !== runtime, 'dependencies are installed in their own stage');
    assert.match(keyword(deps, 'RUN').map((r) => r.args).join(' '), /npm ci --omit=dev/);
    assert.ok(keyword(runtime, 'COPY').some((c) => c.args.startsWith(`--from=${deps.name} /app/node_modules`)));
    assert.ok(!keyword(runtime, 'RUN').some((r) => /npm (ci|install)/.test(r.args)), 'no install in the runtime stage');
  });

  it('runs as a non-root user, listens on 8082 on every interface, and checks health with node', () => {
    const users = keyword(runtime, 'USER');
    assert.ok(users.length > 0 && !['root', '0'].includes(users.at(-1)!.args));
    const userIndex = runtime.instructions.lastIndexOf(users.at(-1)!);
    const entryIndex = runtime.instructions.findIndex((i) => i.keyword === 'ENTRYPOINT');
    assert.ok(userIndex < entryIndex);
    assert.deepEqual(keyword(runtime, 'EXPOSE').map((e) => e.args), ['8082']);
    assert.equal(stageEnv(runtime).HOST, '0.0.0.0');
    assert.equal(stageEnv(runtime).PORT, '8082');
    const health = keyword(runtime, 'HEALTHCHECK')[0];
    assert.ok(health, 'has a HEALTHCHECK');
    assert.equal(execForm(health.args)[0], 'node', 'no curl in slim images');
    assert.doesNotMatch(runtime.instructions.map((i) => i.args).join('\n'), /\bcurl\b|\bwget\b/);
  });

  it('copies only files the build context admits, and every one of them exists', () => {
    const ignore = readFileSync('.dockerignore', 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    assert.equal(ignore[0], '*', 'the context is an allow-list');
    const allowed = ignore.filter((l) => l.startsWith('!')).map((l) => l.slice(1).replace(/\/$/, ''));
    const sources = stages
      .flatMap((s) => keyword(s, 'COPY'))
      .filter((c) => !c.args.startsWith('--from'))
      .flatMap((c) => c.args.split(' ').slice(0, -1));
    for (const source of sources) {
      assert.ok(allowed.some((a) => source === a || source.startsWith(`${a}/`)), `${source} is in .dockerignore's allow-list`);
      assert.doesNotThrow(() => readFileSync(source === 'src' ? 'src/main.ts' : source), `${source} exists`);
    }
  });

  it('imports at run time only packages listed in dependencies (devDependencies are not in the image)', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    const files = (readdirSync('src', { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => path.join('src', f));
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const specifiers = [
        ...text.matchAll(/^import (?!type )[^;]*?from '([^']+)'/gms),
        ...text.matchAll(/^import '([^']+)'/gm),
        ...text.matchAll(/import\('([^']+)'\)/g),
      ].map((m) => m[1]!);
      for (const specifier of specifiers) {
        if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
        if (!(name in pkg.dependencies)) missing.push(`${file}: ${specifier}`);
      }
    }
    assert.deepEqual(missing, []);
    assert.ok('tsx' in pkg.dependencies, 'the image runs TypeScript sources with tsx');
  });
});

describe('compose.yaml', () => {
  const compose = parseYaml(readFileSync('compose.yaml', 'utf8')) as any;
  const service = compose.services['editor-backend'];

  it('runs the service from this Dockerfile next to a Redis, with the config mounted and secrets from the environment', () => {
    assert.equal(service.build, '.');
    assert.ok(service.ports.includes('8082:8082'));
    assert.ok(service.volumes.includes('./config/compose.config.json:/config/config.json:ro'));
    assert.equal(service.environment.REDIS_URL, 'redis://redis:6379');
    assert.equal(service.depends_on.redis.condition, 'service_healthy');
    assert.match(compose.services.redis.image, /^redis:/);
    assert.ok(compose.services.redis.healthcheck);
  });

  it('gives the process longer than its own shutdown deadline before the engine kills it', () => {
    const config = JSON.parse(readFileSync('config/compose.config.json', 'utf8'));
    assert.ok(Number.parseInt(service.stop_grace_period, 10) * 1000 > config.shutdownGraceMs);
  });

  it("ships a config that is valid once compose's environment is interpolated, with Redis for both AI stores", () => {
    const raw = JSON.parse(readFileSync('config/compose.config.json', 'utf8'));
    const env = { REDIS_URL: 'redis://redis:6379', ALLOWED_ORIGINS: '*', OPENAI_API_KEY: '', CLIENT_API_KEY: 'client-key-1234567890' };
    const config = parseConfig(raw, env);
    assert.equal(config.ai?.rateLimit.backend, 'redis');
    assert.equal(config.ai?.rateLimit.redisUrl, 'redis://redis:6379');
    assert.equal(config.ai?.conversations.backend, 'redis');
    assert.deepEqual(config.ai?.auth.apiKeys, ['client-key-1234567890']);
    for (const name of Object.keys(env)) assert.ok(name in service.environment, `compose sets ${name}`);
  });

  it('has a default image config that is valid and gives the guest read access only', () => {
    const config = parseConfig(JSON.parse(readFileSync('docker/default.config.json', 'utf8')), {});
    assert.deepEqual(config.files?.accessControl, [{ role: 'guest', FILES: true, FOLDERS: true }]);
  });
});

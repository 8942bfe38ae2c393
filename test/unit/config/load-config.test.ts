import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, configFileFromArgs, loadConfig, parseConfig } from '../../../src/config/load-config.js';
import { providersFromConfig } from '../../../src/composition/provider-registry.js';

describe('parseConfig', () => {
  it('fills defaults for an empty object and leaves both services off', () => {
    const config = parseConfig({}, {});
    assert.equal(config.port, 8082);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.ai, undefined);
    assert.equal(config.files, undefined);
  });

  it('replaces ${NAME} from the environment anywhere in a string', () => {
    const config = parseConfig({ ai: { providers: { o: { type: 'openai', apiKey: 'k-${KEY}-x' } } } }, { KEY: 'abc' });
    assert.equal(config.ai?.providers.o?.apiKey, 'k-abc-x');
  });

  it('names the place of a missing environment variable', () => {
    assert.throws(() => parseConfig({ ai: { providers: { o: { type: 'openai', apiKey: '${NOPE}' } } } }, {}), /ai\.providers\.o\.apiKey: environment variable NOPE/);
  });

  it('lets PORT and HOST override the file', () => {
    const config = parseConfig({ port: 1, host: 'a' }, { PORT: '9000', HOST: '::1' });
    assert.equal(config.port, 9000);
    assert.equal(config.host, '::1');
  });

  it('names the bad field of a wrong type', () => {
    assert.throws(() => parseConfig({ files: { maxFileSize: 'big' } }, {}), (error: Error) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /files\.maxFileSize/);
      return true;
    });
  });

  it('refuses unknown keys and misspelt permission flags', () => {
    assert.throws(() => parseConfig({ prot: 1 }, {}), /prot/);
    assert.throws(() => parseConfig({ files: { accessControl: [{ role: 'x', FILE_UPLAOD: true }] } }, {}), /files\.accessControl\.0/);
  });

  it('refuses a malformed provider type here, and an unregistered one when the providers are built', () => {
    assert.throws(() => parseConfig({ ai: { providers: { x: { type: 'Cohere AI' } } } }, {}), /ai\.providers\.x\.type/);
    const config = parseConfig({ ai: { providers: { x: { type: 'cohere' } } } }, {});
    assert.throws(() => providersFromConfig(config.ai!), /ai\.providers\.x\.type: no adapter registered for "cohere" \(registered: openai, openai-compatible, gemini, anthropic/);
  });
});

describe('loadConfig', () => {
  it('reads --config in both spellings', () => {
    assert.equal(configFileFromArgs(['--config', 'a.json']), 'a.json');
    assert.equal(configFileFromArgs(['--config=b.yaml']), 'b.yaml');
    assert.equal(configFileFromArgs([]), undefined);
  });

  it('uses embedded defaults without a file: one local source, providers from the environment', () => {
    const { config, source } = loadConfig([], { ANTHROPIC_API_KEY: 'sk-test' });
    assert.equal(source, 'embedded defaults');
    assert.deepEqual(Object.keys(config.files?.sources ?? {}), ['default']);
    assert.deepEqual(Object.keys(config.ai?.providers ?? {}), ['anthropic']);
    assert.equal(config.ai?.providers.anthropic?.apiKey, 'sk-test');
    assert.equal(config.ai?.rateLimit.backend, 'memory');
  });

  it('fails clearly on a missing file', () => {
    assert.throws(() => loadConfig(['--config', '/nonexistent.json'], {}), /Cannot read config file/);
  });
});

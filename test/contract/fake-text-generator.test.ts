import { FakeTextGenerator } from '../support/fakes/fake-text-generator.js';
import { textGeneratorContract } from '../../src/testing/contracts/text-generator.contract.js';

textGeneratorContract('FakeTextGenerator (the Gherkin steps use it)', async () => {
  const generator = new FakeTextGenerator();
  return {
    generator,
    respondWith: (script) => generator.respondWith(script),
    lastRequest: () => generator.lastRequest(),
    close: async () => {},
  };
});

/**
 * Starts a fake provider that speaks the real wire protocol, for trying the
 * gateway without an account:
 *
 *   node --import tsx scripts/fake-ai-upstream.ts openai 9100
 *   node --import tsx scripts/fake-ai-upstream.ts openai-compatible 9101
 *   node --import tsx scripts/fake-ai-upstream.ts gemini
 *   node --import tsx scripts/fake-ai-upstream.ts anthropic
 *
 * Every request is answered with a short streamed greeting; it prints the
 * `baseUrl` to put in the provider's config entry.
 */
import { startFakeAnthropic } from '../test/support/fakes/anthropic-server.js';
import { startFakeGemini } from '../test/support/fakes/gemini-server.js';
import { startOpenAiChatUpstream } from '../test/support/fakes/openai-chat-upstream.js';
import { startOpenAiResponsesUpstream } from '../test/support/fakes/openai-responses-upstream.js';
import type { UpstreamScript } from '../src/testing/contracts/text-generator.contract.js';

const type = process.argv[2] ?? 'openai';
const port = Number(process.argv[3] ?? 0);
const greeting: UpstreamScript = { kind: 'text', chunks: ['Hello', ' from', ' the', ' fake', ` ${type}`, ' upstream!'], usage: { input: 12, output: 6 } };

if (type === 'openai' || type === 'openai-compatible') {
  const upstream = await (type === 'openai' ? startOpenAiResponsesUpstream : startOpenAiChatUpstream)(port);
  upstream.respondWith(greeting);
  console.log(`fake ${type} upstream: baseUrl ${upstream.url}/v1`);
} else if (type === 'gemini' || type === 'anthropic') {
  const upstream = await (type === 'gemini' ? startFakeGemini : startFakeAnthropic)();
  upstream.respondWith(greeting);
  console.log(`fake ${type} upstream: baseUrl ${upstream.baseUrl}`);
} else {
  console.error(`unknown type ${type}; one of: openai, openai-compatible, gemini, anthropic`);
  process.exit(2);
}

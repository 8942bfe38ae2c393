/**
 * Starts a fake provider that speaks the real wire protocol, for trying the
 * gateway without an account:
 *
 *   node --import tsx scripts/fake-ai-upstream.ts openai 9100
 *   node --import tsx scripts/fake-ai-upstream.ts openai-compatible 9101
 *
 * Every request is answered with a short streamed greeting.
 */
import { startOpenAiChatUpstream } from '../test/support/fakes/openai-chat-upstream.js';
import { startOpenAiResponsesUpstream } from '../test/support/fakes/openai-responses-upstream.js';

const starters = { openai: startOpenAiResponsesUpstream, 'openai-compatible': startOpenAiChatUpstream } as const;
const type = (process.argv[2] ?? 'openai') as keyof typeof starters;
const start = starters[type];
if (!start) {
  console.error(`unknown type ${type}; one of: ${Object.keys(starters).join(', ')}`);
  process.exit(2);
}
const upstream = await start(Number(process.argv[3] ?? 0));
upstream.respondWith({ kind: 'text', chunks: ['Hello', ' from', ' the', ' fake', ` ${type}`, ' upstream!'], usage: { input: 12, output: 6 } });
console.log(`fake ${type} upstream: baseUrl ${upstream.url}/v1`);

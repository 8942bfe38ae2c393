/**
 * Reads an SSE body the way the Jodit AI Assistant Pro client's requester
 * does: split the text on blank lines, take the `event:` and the `data:` line
 * of each block, JSON-parse the data. Comments (`: ping`) carry no event.
 */
export interface JoditEvent {
  event: string;
  data: any;
}

export const parseJoditEvents = (text: string): JoditEvent[] => {
  const events: JoditEvent[] = [];
  for (const block of text.split('\n\n')) {
    if (!block.trim()) continue;
    const event = block.match(/^event: (.+)$/m);
    const data = block.match(/^data: (.+)$/m);
    if (event && data) events.push({ event: event[1]!, data: JSON.parse(data[1]!) });
  }
  return events;
};

/** Reads a streamed response incrementally, as the client does, handing each complete event over as it arrives. */
export async function* readJoditEvents(response: Response): AsyncGenerator<JoditEvent> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const event of parseJoditEvents(blocks.join('\n\n'))) yield event;
  }
}

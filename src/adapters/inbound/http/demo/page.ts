export interface DemoPageOptions {
  /** Where the file connector answers, e.g. `/`. */
  filesUrl?: string;
  /** Whether the AI panel is shown. */
  ai: boolean;
  clientKey: string;
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * One page that shows the whole product: the real Jodit editor with its file
 * browser and uploader on the connector, and a small AI panel that streams a
 * reply from `/ai/request` and inserts it into the document.
 */
export const demoPage = (options: DemoPageOptions): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>editor-backend demo</title>
<link rel="stylesheet" href="./demo/jodit.css">
<style>
  body { font-family: system-ui, sans-serif; margin: 24px auto; max-width: 1100px; color: #222; }
  .row { display: grid; grid-template-columns: 2fr 1fr; gap: 16px; }
  .panel { border: 1px solid #ccc; border-radius: 6px; padding: 12px; }
  #ai-output { white-space: pre-wrap; min-height: 120px; background: #f6f6f6; padding: 8px; border-radius: 4px; }
  textarea#ai-prompt { width: 100%; box-sizing: border-box; min-height: 70px; }
  code { background: #eee; padding: 1px 4px; border-radius: 3px; }
</style></head>
<body>
<h1>editor-backend</h1>
<p>The Jodit editor from npm, its file browser and uploader on this service's file connector${options.ai ? ', and an AI panel streaming from <code>/ai/request</code>' : ''}.</p>
<div class="row">
  <div><textarea id="editor"></textarea></div>
  <div class="panel" id="ai-panel" ${options.ai ? '' : 'hidden'}>
    <h2>AI assistant</h2>
    <p>Client key: <code id="client-key"></code></p>
    <label>Provider <select id="ai-provider"></select></label>
    <p><textarea id="ai-prompt">Write one friendly sentence about rich-text editors.</textarea></p>
    <button id="ai-ask" type="button">Ask</button> <button id="ai-insert" type="button">Insert into the document</button>
    <p id="ai-status"></p>
    <div id="ai-output"></div>
  </div>
</div>
<script src="./demo/jodit.js"></script>
<script>
  const settings = ${escapeJson(options)};
  document.getElementById('client-key').textContent = settings.clientKey;
  window.editor = Jodit.make('#editor', {
    height: 420,
    beautifyHTMLCDNUrlsJS: [], sourceEditorCDNUrlsJS: [], sourceEditor: 'area',
    filebrowser: settings.filesUrl ? { ajax: { url: settings.filesUrl, successStatuses: [200, 201, 202, 400, 403, 404, 409, 413, 415, 429] } } : undefined,
    uploader: settings.filesUrl ? { url: settings.filesUrl + '?action=fileUpload' } : undefined,
  });
  const headers = { 'content-type': 'application/json', authorization: 'Bearer ' + settings.clientKey };
  const status = (text) => (document.getElementById('ai-status').textContent = text);
  if (settings.ai) {
    fetch('./ai/providers', { headers }).then((r) => r.json()).then((body) => {
      const select = document.getElementById('ai-provider');
      for (const p of body.providers || []) select.add(new Option(p.name + ' (' + p.type + ')', p.name));
      if (!select.options.length) status('No provider is configured: set OPENAI_API_KEY, GEMINI_API_KEY or ANTHROPIC_API_KEY, or write a config file.');
    });
  }
  document.getElementById('ai-ask').addEventListener('click', async () => {
    const output = document.getElementById('ai-output');
    output.textContent = '';
    status('Asking…');
    const response = await fetch('./ai/request', {
      method: 'POST', headers,
      body: JSON.stringify({ provider: document.getElementById('ai-provider').value, context: { mode: 'full', messages: [{ id: 'm1', role: 'user', content: document.getElementById('ai-prompt').value, timestamp: Date.now() }] } }),
    });
    if (!response.ok) { status('Error ' + response.status + ': ' + ((await response.json()).error || {}).message); return; }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\\n\\n')) !== -1) {
        const frame = buffer.slice(0, end); buffer = buffer.slice(end + 2);
        const line = frame.split('\\n').find((l) => l.startsWith('data: '));
        if (!line) continue;
        const event = JSON.parse(line.slice(6));
        if (event.type === 'text-delta') output.textContent += event.delta;
        if (event.type === 'completed') status('Done (' + ((event.response.metadata || {}).model || '') + ')');
        if (event.type === 'error') status('Error: ' + event.error.message);
      }
    }
  });
  document.getElementById('ai-insert').addEventListener('click', () => {
    const text = document.getElementById('ai-output').textContent;
    if (text) window.editor.s.insertHTML('<p>' + text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]) + '</p>');
  });
</script>
</body></html>`;

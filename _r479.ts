import { readFileSync, mkdirSync } from 'node:fs';
import { startLsp, fileUri } from './test/lsp/harness';
const input = JSON.parse(readFileSync('/tmp/case479.json', 'utf8'));
(async () => {
  const s = await startLsp({ workspaceFolders: ['/tmp/w479'] });
  mkdirSync('/tmp/w479', { recursive: true });
  const uri = fileUri('/tmp/w479/agent-card.json');
  const t0 = Date.now();
  let doc = await s.open(uri, input.languageId, input.initial);
  s.diagnostics(uri, 120000).then((d) => console.log('diag v1', d.length, Date.now() - t0));
  const pending = [];
  for (const step of input.steps) {
    if ('edit' in step) {
      const { start, end, text } = step.edit;
      doc = await s.edit(uri, { start: doc.positionAt(start), end: doc.positionAt(end) }, text);
      continue;
    }
    const position = doc.positionAt(step.offset);
    const what = step.request;
    const p = what === 'hover' ? s.hover(uri, position) : s.completion(uri, position);
    pending.push(p.then(() => console.log(what, 'answered', Date.now() - t0)));
  }
  await Promise.all(pending);
  await s.diagnostics(uri, 120000).then((d) => console.log('diag last', d.length, Date.now() - t0));
  await s.stop();
  console.log('stderr', s.stderr().slice(0, 500));
})();

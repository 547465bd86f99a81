/** A document and its analysis, in process: what a feature's pure function takes, without a server. */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DEFAULT_SETTINGS, type A2ASettings } from '../../server/src/protocol';
import { analyze, type Analysis } from '../../server/src/app/document/analysis';

export function analyzed(
  text: string,
  languageId = 'a2a-agent-card',
  uri = 'file:///ws/agent-card.json',
  settings: A2ASettings = DEFAULT_SETTINGS,
): { doc: TextDocument; a: Analysis } {
  const doc = TextDocument.create(uri, languageId, 1, text);
  return { doc, a: analyze(doc, languageId, settings) };
}

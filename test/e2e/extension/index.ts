// Entry the extension host loads through `extensionTestsPath` (bundled per run into the session's temp dir).
// VS Code calls run(); a rejection makes the host exit non-zero, which the page reports via codeAutomationExit.
// Results are also written next to the bundle as JSON for the outer runner's summary.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTests } from './harness';
import './diagnostics';
import './hover';
import './commands';
import './tree';
import './migration';
import './lockfile';
import './settings';
import './lmTools';
import './fetched';
import './views';
import './publishRules';

export async function run(): Promise<void> {
  const log = (line: string) => console.log(line);
  log('extension host tests:');
  const results = await runTests(log);
  writeFileSync(join(__dirname, 'results.json'), JSON.stringify(results, null, 2));
  const failed = results.filter((r) => !r.ok).length;
  log(`extension host: ${results.length - failed} passed, ${failed} failed`);
  if (failed) throw new Error(`${failed} extension host test(s) failed`);
}

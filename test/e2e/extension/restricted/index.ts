// Entry for the Restricted Mode run (test/e2e/restricted.ts): the same harness as the main run, other tests.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTests } from '../harness';
import './restrictedMode';

export async function run(): Promise<void> {
  const log = (line: string) => console.log(line);
  log('extension host tests (Restricted Mode):');
  const results = await runTests(log);
  writeFileSync(join(__dirname, 'results.json'), JSON.stringify(results, null, 2));
  const failed = results.filter((r) => !r.ok).length;
  log(`extension host (Restricted Mode): ${results.length - failed} passed, ${failed} failed`);
  if (failed) throw new Error(`${failed} extension host test(s) failed`);
}

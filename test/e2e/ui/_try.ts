import { startSession } from '../lib/session';
import { Steps } from '../lib/steps';
import { runPinFlow } from './pin-flow';
(async () => {
  const log = (l: string) => console.log(l);
  const s = await startSession({ log, prebuiltVsix: 'dist/a2a-capabilities.vsix' });
  try { const steps = new Steps(log); await runPinFlow(s, steps); console.log(`passed ${steps.passed} failed ${steps.failed}`); }
  finally { await s.close(); }
})().catch((e) => { console.error(e); process.exit(1); });

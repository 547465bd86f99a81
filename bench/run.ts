/**
 * `npm run bench`: runs every bench/*.bench.ts in one process, one after the other (so they do not compete for the
 * two cores), and prints their markdown tables. Each bench exports `run(): Promise<string>`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts') && (!only.length || only.some((o) => f.includes(o))))
    .sort();
  let failed = false;
  for (const file of files) {
    console.error(`▶ ${file}`);
    try {
      const mod = (await import(join(__dirname, file))) as { run?: () => Promise<string> };
      if (typeof mod.run !== 'function') throw new Error('exports no run()');
      console.log(`${await mod.run()}\n`);
    } catch (err) {
      failed = true;
      console.error(`✖ ${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (failed) process.exitCode = 1;
}

void main();

import { ruleFixtureTests } from './harness';

ruleFixtureTests('unsupported-lockfile-version');

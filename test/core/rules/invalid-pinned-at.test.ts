import { ruleFixtureTests } from './harness';

ruleFixtureTests('invalid-pinned-at');

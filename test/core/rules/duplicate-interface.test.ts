import { ruleFixtureTests } from './harness';

ruleFixtureTests('duplicate-interface');
